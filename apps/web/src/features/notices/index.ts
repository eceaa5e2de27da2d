export { NoticeButton } from './components/notice-button';
