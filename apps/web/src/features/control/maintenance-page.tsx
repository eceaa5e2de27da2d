import { SetPage } from './set-page';

export default function MaintenanceSetPage() {
  return <SetPage kind="maintenance" />;
}
