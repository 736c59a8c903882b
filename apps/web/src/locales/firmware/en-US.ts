/** English texts of the firmware, OTA upgrade and knowledge base screens; the type makes every Chinese key required here. */
import type { firmwareZhCN } from './zh-CN.ts';

type Texts<T> = {
  [K in keyof T]: T[K] extends string ? string : Texts<T[K]>;
};

export const firmwareEnUS: Texts<typeof firmwareZhCN> = {
  fields: {
    name: 'Firmware name',
    kind: 'Firmware type',
    version: 'Version',
    description: 'Description',
    packageFileId: 'Application package',
    rootfsFileId: 'Root filesystem',
    kernelFileId: 'Kernel',
    file: 'File',
    keyword: 'Keyword',
  },
  kinds: {
    application: 'Application firmware',
    system: 'System firmware',
  },
  parts: {
    package: 'Application package',
    rootfs: 'Root filesystem',
    kernel: 'Kernel',
  },
  list: {
    add: 'Upload firmware',
    search: 'Search name or version',
    empty: 'No firmware yet',
    size: 'Size',
    parts: 'Files',
    createdAt: 'Uploaded',
    actions: 'Actions',
    delete: 'Delete',
    deleteConfirm: 'Delete firmware “{{name}} {{version}}” and its files?',
    deleted: 'Deleted',
    checksum: 'SHA-256',
    copied: 'Checksum copied',
  },
  dialog: {
    title: 'Upload firmware',
    choose: 'Choose file',
    replace: 'Choose another',
    uploading: 'Uploading {{percent}}%',
    uploaded: 'Uploaded · {{size}}',
    failed: 'Upload failed',
    waitUploads: 'Wait until the files have finished uploading',
    hintApplication:
      'Application firmware is an edge agent package: the gateway installs it beside the running version and switches to it, rolling back if the new version does not report in.',
    hintSystem:
      'System firmware holds a root filesystem and a kernel; upload at least one. The gateway hands them to its install hook.',
    limit: 'Each file at most 200 MB; its SHA-256 checksum is computed on upload.',
    versionHint: 'At most 15 characters, no Chinese, for example 1.2.0',
    saved: 'Saved',
  },
};
