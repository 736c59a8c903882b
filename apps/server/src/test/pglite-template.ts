/**
 * A migrated embedded database, made once per set of migrations and reused by every test that needs
 * a fresh one. Creating a PGlite database runs initdb and then every migration, which costs seconds
 * of CPU each time (minutes on a machine busy with other work); loading a migrated copy costs a
 * fraction of that. The copy lives in the system's temporary folder under a name derived from the
 * migrations' contents and the PGlite version, so a changed migration makes a new one. Test files
 * run in parallel workers, so the copy is made under a lock: one worker makes it, the others wait.
 *
 * The database still runs its migrations when opened, so a copy that were somehow behind would be
 * brought up to date rather than trusted.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { withFolderLock } from './folder-lock.ts';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../drizzle');

export interface PgliteTemplate {
  /** A data directory to copy for a database on disk (the platform's DATA_DIR/pglite). */
  readonly dataDir: string;
  /** The same data as a tarball, for a database in memory (`loadDataDir`). */
  readonly tarball: string;
}

function pgliteVersion(): string {
  // The package does not export its manifest; find it above the entry point.
  let folder = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(folder, 'package.json'))) folder = path.dirname(folder);
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

function templateFolder(): string {
  const hash = createHash('sha256').update(pgliteVersion());
  const walk = (folder: string) => {
    for (const entry of fs
      .readdirSync(folder, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(path.relative(MIGRATIONS, full)).update(fs.readFileSync(full));
    }
  };
  walk(MIGRATIONS);
  return path.join(os.tmpdir(), `lyyp-pglite-template-${hash.digest('hex').slice(0, 16)}`);
}

function isReady(folder: string): boolean {
  return fs.existsSync(path.join(folder, 'ready'));
}

async function makeTemplate(folder: string): Promise<void> {
  const building = `${folder}.building-${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  fs.mkdirSync(building, { recursive: true });
  const client = new PGlite(path.join(building, 'pgdata'));
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
    const dump = await client.dumpDataDir('none');
    fs.writeFileSync(path.join(building, 'pgdata.tar'), Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  fs.writeFileSync(path.join(building, 'ready'), '');
  fs.rmSync(folder, { recursive: true, force: true });
  fs.renameSync(building, folder);
}

let made: Promise<PgliteTemplate> | null = null;

/** The migrated template, made on first use (once per machine and set of migrations). */
export function pgliteTemplate(): Promise<PgliteTemplate> {
  made ??= (async () => {
    const folder = templateFolder();
    if (!isReady(folder))
      await withFolderLock(`${folder}.lock`, "worker's database template", async () => {
        if (!isReady(folder)) await makeTemplate(folder);
      });
    return { dataDir: path.join(folder, 'pgdata'), tarball: path.join(folder, 'pgdata.tar') };
  })();
  made.catch(() => {
    made = null;
  });
  return made;
}

let blob: Promise<Blob> | null = null;

/** The template as PGlite's `loadDataDir` takes it, read once per worker. */
export function pgliteTemplateBlob(): Promise<Blob> {
  blob ??= pgliteTemplate().then((template) => new Blob([fs.readFileSync(template.tarball)]));
  blob.catch(() => {
    blob = null;
  });
  return blob;
}
