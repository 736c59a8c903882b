/**
 * Which agent package runs (`<data dir>/packages/slots.json`), shared by the launcher and the
 * agent: the current one (none: the agent the gateway came with), the previous one, a trial (a
 * new package the launcher starts next and keeps only once it reports in), and the outcome of the
 * last trial for the agent to tell the platform (succeeded, or rolled back).
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../buffer/durable-files.ts';
import type { InstalledPackage } from './agent-package.ts';

export interface UpgradeRef {
  readonly task: string;
  readonly attempt: number;
}

export interface Slots {
  readonly current: InstalledPackage | null;
  readonly previous: InstalledPackage | null;
  readonly trial: (InstalledPackage & UpgradeRef) | null;
  /** The last trial's outcome, until the agent has told the platform. */
  readonly outcome:
    | (UpgradeRef & { readonly result: 'succeeded'; readonly version: string })
    | (UpgradeRef & {
        readonly result: 'rolled-back';
        readonly version: string;
        readonly failedVersion: string;
      })
    | null;
}

export const EMPTY_SLOTS: Slots = { current: null, previous: null, trial: null, outcome: null };

/** The launcher's exit code for "restart me": the agent asks for it after installing a trial. */
export const RESTART_EXIT_CODE = 75;

export const packagesDirOf = (dataDir: string) => path.join(dataDir, 'packages');
const slotsFileOf = (dataDir: string) => path.join(packagesDirOf(dataDir), 'slots.json');

export async function readSlots(dataDir: string): Promise<Slots> {
  try {
    return {
      ...EMPTY_SLOTS,
      ...(JSON.parse(await readFile(slotsFileOf(dataDir), 'utf8')) as Partial<Slots>),
    };
  } catch {
    return EMPTY_SLOTS;
  }
}

export async function writeSlots(dataDir: string, slots: Slots): Promise<void> {
  await mkdir(packagesDirOf(dataDir), { recursive: true });
  await writeFileAtomic(slotsFileOf(dataDir), JSON.stringify(slots));
}
