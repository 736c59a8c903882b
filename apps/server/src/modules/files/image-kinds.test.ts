import { describe, expect, it } from 'vitest';
import { DESIGNER_IMAGE_EXTENSIONS, DESIGNER_IMAGE_MIME_TYPES } from '@lyyp/contracts/designer';
import { IMAGE_SAMPLES } from './files-test-support.ts';
import { IMAGE_KINDS, imageExtensionOf } from './image-kinds.ts';

describe('image kinds', () => {
  it('has a served type and a content check for every type pages accept', () => {
    for (const extension of DESIGNER_IMAGE_EXTENSIONS) {
      const kind = IMAGE_KINDS[extension];
      expect(DESIGNER_IMAGE_MIME_TYPES, extension).toContain(kind.mime);
      expect(kind.matches(IMAGE_SAMPLES[extension]), extension).toBe(true);
    }
  });

  it('recognises each type only by its own bytes', () => {
    for (const extension of DESIGNER_IMAGE_EXTENSIONS) {
      for (const other of DESIGNER_IMAGE_EXTENSIONS) {
        if (other === extension) continue;
        expect(IMAGE_KINDS[extension].matches(IMAGE_SAMPLES[other]), `${other} as ${extension}`).toBe(false);
      }
    }
  });

  it('does not take markup or an empty file for an image', () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect(DESIGNER_IMAGE_EXTENSIONS.filter((extension) => IMAGE_KINDS[extension].matches(html))).toEqual([]);
    expect(
      DESIGNER_IMAGE_EXTENSIONS.filter((extension) => IMAGE_KINDS[extension].matches(Buffer.alloc(0))),
    ).toEqual([]);
  });

  it('reads the type a file name claims', () => {
    expect(imageExtensionOf('Logo.JPEG')).toBe('jpg');
    expect(imageExtensionOf('icon.ico')).toBe('ico');
    expect(imageExtensionOf('notes.txt')).toBeUndefined();
    expect(imageExtensionOf('png')).toBeUndefined();
  });
});
