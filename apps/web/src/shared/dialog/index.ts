export { AppDialog, type AppDialogProps } from './app-dialog';
