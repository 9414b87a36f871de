import type { CandidateConfig } from '../../config';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { BlobStorage } from './storage';

/** One interface, two implementations: the configuration decides (design.md §2). */
export function createStorage(config: CandidateConfig['storage']): BlobStorage {
  return config.kind === 's3' ? createS3Storage(config) : createLocalStorage(config.root);
}
