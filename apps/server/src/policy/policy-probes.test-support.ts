/**
 * Tests: asking the running server as a persona (policy-personas.test-support.ts) and what the
 * policy table predicts it must answer, shared by the policy matrix and the focused route tests.
 */
import {
  decideKnown,
  isPublicAction,
  mayAttempt,
  refusalOf,
  refusalThroughOf,
  type ActionName,
  type Relation,
} from '@lyyp/contracts/policy';
import type { TestServer } from '../test/test-server.ts';
import type { Persona } from './policy-personas.test-support.ts';

export interface Operation {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly action: string | undefined;
}

/** Answers that mean a guard or a decision refused. */
export const REFUSALS = new Set(['1010', '1206', '1003', '1201', '1202', '1211', '2116', '2417']);

/** The persona's session cookie header (empty for the anonymous browser). */
export function cookieOf(persona: Pick<Persona, 'client'>): string {
  return persona.client
    ? [...persona.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    : '';
}

/** The answer's code (or `HTTP <status>` for an answer that is not the JSON envelope). */
export async function answerOf(
  server: TestServer,
  persona: Persona,
  operation: Operation,
  body: Record<string, unknown>,
): Promise<string> {
  const cookie = cookieOf(persona);
  const url = operation.path.replaceAll(/\{\w+\}/g, 'x');
  const response = await server.app.inject({
    method: operation.method,
    url,
    headers: { 'accept-language': 'en-US', ...(cookie ? { cookie } : {}) },
    remoteAddress: persona.client?.address ?? '10.250.0.1',
    ...(operation.method === 'POST' ? { payload: body } : {}),
  });
  const isJson = String(response.headers['content-type']).startsWith('application/json');
  return isJson
    ? (response.json<{ code?: string }>().code ?? `HTTP ${response.statusCode}`)
    : `HTTP ${response.statusCode}`;
}

export function callerOf(persona: Persona) {
  return { kind: persona.kind, codes: persona.codes };
}

/** What the guard must answer: a refusal code, or `past` when the persona may attempt the action. */
export function expectedAtGuard(action: ActionName, persona: Persona): string {
  if (isPublicAction(action)) return 'past';
  if (!persona.client) return '1010';
  return mayAttempt(action, callerOf(persona)) ? 'past' : refusalOf(action);
}

/** `past` matches any answer but a refusal; a refusal matches itself. */
export function matches(expected: string, actual: string): boolean {
  return expected === 'past' ? !REFUSALS.has(actual) : actual === expected;
}

/** For probes with valid bodies: an allowed one is done (200), not only past the decision. */
export function answered(expected: string, actual: string): boolean {
  return expected === 'past' ? actual === '200' : actual === expected;
}

/** What the route must answer for `probe` on an object the persona holds `relations` to. */
export function expectedOnObject(
  probe: { action: ActionName; decisionRefusal?: string },
  persona: Persona,
  relations: ReadonlySet<Relation>,
): string {
  const atGuard = expectedAtGuard(probe.action, persona);
  if (atGuard !== 'past') return atGuard;
  if (!relations.has('visible')) return '1003';
  const allowed = decideKnown(probe.action, callerOf(persona), (relation) =>
    relation === 'signedIn' || relation === 'self' || relation === 'platform'
      ? true
      : relations.has(relation),
  );
  if (allowed) return 'past';
  if (probe.decisionRefusal) return probe.decisionRefusal;
  const through = refusalThroughOf(probe.action);
  return through && relations.has(through.relation) ? through.refusal : refusalOf(probe.action);
}

/**
 * A persona's relations to a device's gateway: it sees the gateway of a device it sees, staff in
 * scope stay so, the device's owner owns the gateway and the product's developer is assigned it.
 */
export function gatewayRelationsOf(persona: Persona, device: 'A' | 'B'): ReadonlySet<Relation> {
  const kept: Relation[] = ['visible', 'staffInScope', 'owner', 'developerOfProduct'];
  return new Set(kept.filter((relation) => persona.relations[device].has(relation)));
}
