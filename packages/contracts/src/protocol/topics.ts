/**
 * MQTT topics between a gateway and the platform. Every topic of a gateway starts with
 * `gw/{sn}/`; the broker lets a gateway publish only its own `up/…` topics and subscribe only its
 * own `down/…` topics. docs/protocol.md describes each message.
 */

export const TOPIC_ROOT = 'gw';

/** Gateway → platform. */
export const UP_TOPICS = ['status', 'data', 'reply', 'config', 'script', 'ota'] as const;
/** Platform → gateway. */
export const DOWN_TOPICS = ['ack', 'config', 'cmd', 'ota', 'view'] as const;

export type UpTopic = (typeof UP_TOPICS)[number];
export type DownTopic = (typeof DOWN_TOPICS)[number];

export function upTopic(sn: string, kind: UpTopic): string {
  return `${TOPIC_ROOT}/${sn}/up/${kind}`;
}

export function downTopic(sn: string, kind: DownTopic): string {
  return `${TOPIC_ROOT}/${sn}/down/${kind}`;
}

/** The filter a gateway subscribes with: all of its own down topics. */
export function downSubscription(sn: string): string {
  return `${TOPIC_ROOT}/${sn}/down/+`;
}

/** Where the platform listens: every gateway's up topics (a shared subscription adds `$share/…`). */
export const PLATFORM_SUBSCRIPTION = `${TOPIC_ROOT}/+/up/+`;

export type ParsedTopic =
  { sn: string; direction: 'up'; kind: UpTopic } | { sn: string; direction: 'down'; kind: DownTopic };

export function parseTopic(topic: string): ParsedTopic | null {
  const parts = topic.split('/');
  if (parts.length !== 4 || parts[0] !== TOPIC_ROOT) return null;
  const [, sn, direction, kind] = parts as [string, string, string, string];
  if (!sn) return null;
  if (direction === 'up' && (UP_TOPICS as readonly string[]).includes(kind))
    return { sn, direction, kind: kind as UpTopic };
  if (direction === 'down' && (DOWN_TOPICS as readonly string[]).includes(kind)) {
    return { sn, direction, kind: kind as DownTopic };
  }
  return null;
}

/**
 * Whether a topic filter a gateway subscribes with stays inside its own down topics: the
 * protocol's, and the additional subscription topic of its MQTT settings (any valid filter under
 * `gw/{sn}/down/`).
 */
export function isOwnDownFilter(sn: string, filter: string): boolean {
  const prefix = `${TOPIC_ROOT}/${sn}/down/`;
  if (!filter.startsWith(prefix)) return false;
  const rest = filter.slice(prefix.length);
  return rest !== '' && isTopicFilter(rest);
}

/**
 * Whether text is a valid MQTT topic filter (MQTT 3.1.1 §4.7): not empty, no NUL, `+` alone in
 * its level, `#` alone in the last level.
 */
export function isTopicFilter(filter: string): boolean {
  if (filter === '' || filter.includes('\u0000')) return false;
  const levels = filter.split('/');
  return levels.every((level, index) => {
    if (level.includes('#')) return level === '#' && index === levels.length - 1;
    return !level.includes('+') || level === '+';
  });
}

/** Whether a topic filter matches a topic name (wildcards `+` and `#`). */
export function topicFilterMatches(filter: string, topic: string): boolean {
  const want = filter.split('/');
  const have = topic.split('/');
  for (let index = 0; index < want.length; index += 1) {
    const level = want[index];
    if (level === '#') return true;
    if (index >= have.length) return false;
    if (level !== '+' && level !== have[index]) return false;
  }
  return want.length === have.length;
}
