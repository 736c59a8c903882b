/**
 * How a change to accounts' sessions or rights reaches the live channel: one bus event
 * (`accountChanged`) that every node answers by checking those accounts' open connections again.
 * Services that end sessions or change what an account may do call the announcer after their write
 * has committed, so a node that reads the session on the event sees the change.
 */
import type { AccountChangeReason, Bus } from '../../bus/bus.ts';

export type AnnounceAccountChange = (accountIds: readonly string[], reason: AccountChangeReason) => void;

/** An announcer publishing on the bus (without one, announcing does nothing: a lone test service). */
export function accountChangeAnnouncer(bus: Pick<Bus, 'publish'> | undefined): AnnounceAccountChange {
  return (accountIds, reason) => {
    const unique = [...new Set(accountIds)];
    if (bus && unique.length > 0) bus.publish('accountChanged', { accountIds: unique, reason });
  };
}

/** For services built without a bus. */
export const announceNothing: AnnounceAccountChange = () => undefined;
