import {
  type AnyContractProcedure,
  type AnySchema,
  type ContractProcedure,
  type ErrorMap,
  type InferSchemaInput,
  type InferSchemaOutput,
  oc,
} from '@orpc/contract';
import type { Role } from '../schemas/user.ts';

/**
 * Who may call an endpoint, declared with it (docs/decisions/0016-one-contract-per-endpoint.md):
 * - `roles`: 'public' (no session needed) or the roles whose session reaches the route; anyone
 *   else is refused before the body is read (401 without a session, 403 with another role);
 * - `reach`: whose rows the handler works on, for a signed-in caller. 'self' is the caller's own;
 *   'clients' the users an admin or reseller manages (an admin all, a reseller those whose
 *   responsible it is); 'selfAndClients' adds the reseller's own rows (logs, lookups, figures).
 *   A usuario's 'selfAndClients' is itself only (docs/product/roles.md#reseller-scope).
 * - `errors`: the refusal statuses the endpoint documents, each answered as `{ error, code }`;
 * - `otherAnswers`: any other documented answer with its own body (the health check's 503);
 * - `apiKey`: the endpoint also takes a customer's `X-Api-Key` instead of a session
 *   (docs/product/api-keys.md#use); any other endpoint refuses a key with 403 API_KEY_NOT_ALLOWED.
 */
export interface Access {
  roles: 'public' | readonly Role[];
  apiKey?: boolean;
  reach?: Reach;
  errors: readonly ErrorStatus[];
  otherAnswers?: Readonly<Record<number, AnySchema>>;
}

export type Reach = 'self' | 'clients' | 'selfAndClients';
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503 | 504;

/** Every signed-in role. */
export const SIGNED_IN = ['admin', 'revendedor', 'usuario'] as const satisfies readonly Role[];
/** Admins and resellers: the management screens. */
export const MANAGERS = ['admin', 'revendedor'] as const satisfies readonly Role[];
export const ADMIN_ONLY = ['admin'] as const satisfies readonly Role[];

/**
 * The start of every endpoint: input in parts (`params`, `query`, `body`), so a contract's input
 * is `z.object({ params?, query?, body? })`, each part exactly what that part of the request holds.
 */
export const endpoint = oc
  .$meta<Access>({ roles: SIGNED_IN, errors: [] })
  .$route({ inputStructure: 'detailed' });

/** Any endpoint declared with `endpoint`. */
export type Endpoint = AnyContractProcedure;
type InputSchemaOf<C> = C extends ContractProcedure<infer I, AnySchema, ErrorMap, Access> ? I : never;
type OutputSchemaOf<C> = C extends ContractProcedure<AnySchema, infer O, ErrorMap, Access> ? O : never;
/** What a caller sends: `{ params?, query?, body? }` before defaults and coercion. */
export type EndpointInput<C extends Endpoint> = InferSchemaInput<InputSchemaOf<C>>;
/** What a handler receives once the request is validated. */
export type EndpointRequest<C extends Endpoint> = InferSchemaOutput<InputSchemaOf<C>>;
/** What the endpoint answers on success, as the caller reads it. */
export type EndpointOutput<C extends Endpoint> = InferSchemaOutput<OutputSchemaOf<C>>;
/** What a handler may return: the answer before the output schema serializes it. */
export type EndpointResult<C extends Endpoint> = InferSchemaInput<OutputSchemaOf<C>>;
