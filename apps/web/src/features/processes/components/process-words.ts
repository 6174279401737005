import type { ProcessStatus } from '@keel/contract';

export const STATUS_NAMES: Record<ProcessStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  archived: 'Archived',
};
