import { LogsPage } from '@/features/logs/components/logs-page';

export function Component() {
  return <LogsPage />;
}
