import { SPEECH } from '@sl/contracts';

const support = () => {
  const synth = globalThis.speechSynthesis;
  const Utterance = globalThis.SpeechSynthesisUtterance;
  return synth && Utterance ? { synth, Utterance } : null;
};

/**
 * Speaks `text` with the settings of spec §4 (zh-CN, rate 1.5, volume 1), cutting off anything still
 * queued so that only the latest news is heard. Without speech support it only warns in the console
 * (spec §8) and returns false.
 */
export function announce(text: string): boolean {
  const speech = support();
  if (!speech) {
    console.warn('Speech broadcast is not available: this browser has no speechSynthesis');
    return false;
  }
  const utterance = new speech.Utterance(text);
  utterance.lang = SPEECH.lang;
  utterance.rate = SPEECH.rate;
  utterance.volume = SPEECH.volume;
  speech.synth.cancel();
  speech.synth.speak(utterance);
  return true;
}

/** Stops the current announcement, e.g. when the broadcast is switched off. */
export function silence(): void {
  support()?.synth.cancel();
}
