export { announce, silence } from './announce';
export { alarmAnnouncement, alarmSpeechText, type AlarmSpeechState } from './alarm-speech';
export { useAlarmSpeech } from './use-alarm-speech';
