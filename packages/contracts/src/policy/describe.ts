/**
 * The policy table in words, for docs/permissions.md (a test keeps the document equal to it):
 * one row per action with the object it acts on, whether it changes anything, and who may do it.
 */
import { describeRelation } from './relations.ts';
import { OBJECT_KINDS, POLICY, type ActionPolicy, type Grant } from './table.ts';

function describeGrant(grant: Grant): string {
  const who = describeRelation(grant.relation).en.toLowerCase();
  if (grant.codes.length === 0) return who;
  return `${grant.codes.map((code) => `\`${code}\``).join(' or ')} · ${who}`;
}

/** The table of every action as Markdown, in the order of the policy table. */
export function policyMarkdown(): string {
  const rows = Object.entries(POLICY).map(([action, policy]: [string, ActionPolicy]) => {
    const kind = OBJECT_KINDS[policy.object];
    const through = policy.refusalThrough
      ? ` (refusal ${policy.refusalThrough.refusal} when reached as: ${describeRelation(policy.refusalThrough.relation).en.toLowerCase()})`
      : '';
    const refusal = (policy.refusal ? ` (refusal ${policy.refusal})` : '') + through;
    return `| \`${action}\` | ${kind.en} | ${policy.change ? 'change' : 'view'} | ${policy.en}${refusal} | ${policy.grants.map(describeGrant).join('<br>')} |`;
  });
  return [
    '| action | object | kind | what | allowed when (codes · relation), any line |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
