// Lab results (spec §7 "Journal, labs, action plans"): a client's uploaded lab files.
import { fileEntryListSchema, fileEntrySchema, type FileEntry } from './common.ts';

/** One lab file in a client's history (`GET /api/v1/admin/lab-data/:userId`, `/user/lab-data`). */
export const labResultEntrySchema = fileEntrySchema;
export type LabResultEntry = FileEntry;
export const labResultListSchema = fileEntryListSchema;
