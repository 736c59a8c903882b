/**
 * Limits and defaults of alarms, notifications and messages. Server schemas, console forms and the
 * rule engine read them from here; nobody repeats a number.
 */

/** Alarm rules one product may hold until hardware models carry their own capacity (§9). */
export const ALARM_RULE_DEFAULT_CAPACITY = 200;

/** A rule raises only after this many consecutive matching samples (§3 filter count). */
export const FILTER_COUNT_MIN = 1;
export const FILTER_COUNT_MAX = 100;

/** Bits a bit alarm may test: `bit(x, n)` is exact for safe integers (n from 0 to 52). */
export const BIT_ALARM_MAX_BIT = 52;

export const ALARM_NAME_MAX_LENGTH = 30;
/** A message text with its placeholders (`{value}{unit}`), as typed. */
export const ALARM_MESSAGE_MAX_LENGTH = 200;
export const ALARM_GROUP_NAME_MAX_LENGTH = 30;
export const ALARM_GROUPS_PER_RULE_MAX = 10;
export const ALARM_GROUPS_PER_PRODUCT_MAX = 50;
export const RECIPIENTS_PER_GROUP_MAX = 50;
/** The recipient picker's search: text length, and matches answered at once. */
export const RECIPIENT_KEYWORD_MAX_LENGTH = 30;
export const RECIPIENT_SEARCH_MAX_RESULTS = 20;
export const ESCALATION_STEPS_MAX = 6;
/** The last escalation step starts at most a day after the alarm was raised. */
export const ESCALATION_DELAY_MAX_SECONDS = 24 * 3600;

/** Repeats of a channel while an alarm stays unacknowledged: at least a minute apart. */
export const REPEAT_INTERVAL_MIN_SECONDS = 60;
export const REPEAT_INTERVAL_MAX_SECONDS = 24 * 3600;
export const REPEAT_TIMES_MAX = 100;
/** §9 alarm voice repeats N times or forever; voice plays at least 10 s apart. */
export const VOICE_INTERVAL_MIN_SECONDS = 10;
export const VOICE_REPEAT_DEFAULTS = { times: 3, intervalSeconds: 60 } as const;
export const REPEAT_DEFAULTS = { times: 3, intervalSeconds: 600 } as const;

/** Acknowledgements: at most this many records at once, with an optional comment. */
export const ACKNOWLEDGE_MAX_RECORDS = 100;
export const ACKNOWLEDGE_COMMENT_MAX_LENGTH = 200;

/**
 * A sample is late when it reaches the platform this long after its own time (a gateway replaying
 * its buffer after an outage). Its alarm keeps the sample's true time and is marked late.
 */
export const LATE_SAMPLE_THRESHOLD_MS = 60_000;

/**
 * A value that holds past its due time (filter count − 1 poll intervals after its run began) is
 * raised by the sweep once the platform's clock is this far past the due time and no sample has
 * contradicted it: the time an online gateway's samples take to arrive.
 */
export const HELD_VALUE_SETTLE_MS = 5_000;

/** Offline and power-off alarms: gateway status must last this long before the alarm is raised. */
export const DEVICE_STATUS_ALARM_DELAY_MIN_SECONDS = 0;
export const DEVICE_STATUS_ALARM_DELAY_MAX_SECONDS = 24 * 3600;
export const OFFLINE_ALARM_DEFAULT_DELAY_SECONDS = 300;
export const POWER_OFF_ALARM_DEFAULT_DELAY_SECONDS = 0;

export const MESSAGE_TITLE_MAX_LENGTH = 50;
export const MESSAGE_BODY_MAX_LENGTH = 500;
/** §5: the text of an announcement shown in the sign-in pop-up (`popup`) is at most 100 characters. */
export const POPUP_TEXT_MAX_LENGTH = 100;
export const MARK_READ_MAX_MESSAGES = 100;

export const WEBHOOK_URL_MAX_LENGTH = 500;
export const WEBHOOK_SECRET_MIN_LENGTH = 16;
export const WEBHOOK_SECRET_MAX_LENGTH = 128;
