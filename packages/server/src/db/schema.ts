// Kysely types of the database. The table interfaces are generated from the migrated schema
// (schema.generated.ts, `pnpm --filter @halsa/server db:types`); this file names what the code
// uses beside them and checks that the database's value lists match the contract's.
import type { QuestionType, Role as ContractRole } from '@halsa/api/contract';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type {
  AuthTokensTable,
  FilesTable,
  FormQuestionsTable,
  UsersTable,
} from './schema.generated.ts';

export type * from './schema.generated.ts';

export type Role = Selectable<UsersTable>['role'];
export const ROLES: readonly Role[] = ['USER', 'STAFF', 'ADMIN'];
export type FileKind = Selectable<FilesTable>['kind'];
export type TokenKind = Selectable<AuthTokensTable>['kind'];

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

// A CHECK constraint and the contract's enum name the same values, or this does not compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type _RolesMatch = Assert<Same<Role, ContractRole>>;
export type _QuestionTypesMatch = Assert<
  Same<Selectable<FormQuestionsTable>['type'], QuestionType>
>;
