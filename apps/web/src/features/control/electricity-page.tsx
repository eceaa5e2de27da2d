import { SetPage } from './set-page';

export default function ElectricitySetPage() {
  return <SetPage kind="electricity" />;
}
