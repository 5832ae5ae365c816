// Action plans (spec §7 "Journal, labs, action plans"): a client's uploaded action-plan files.
import { fileEntryListSchema, fileEntrySchema, type FileEntry } from './common.ts';

/** One action plan in a client's history (`GET /api/v1/admin/action-plan-data/:userId`). */
export const actionPlanEntrySchema = fileEntrySchema;
export type ActionPlanEntry = FileEntry;
export const actionPlanListSchema = fileEntryListSchema;
