/**
 * The product knowledge base: articles written by the product's editors and read by everyone who
 * may see the product, or a device of it. Bodies are sanitised before they are stored and their
 * plain text kept for search; images and attachments are files of the file store, uploaded first
 * (images checked by name and content, attachments streamed) and named by the save.
 */
import { CatalogueError } from '@lyyp/contracts';
import { mayAttempt, policyCallerOf } from '@lyyp/contracts/policy';
import { DESIGNER_IMAGE_EXTENSIONS } from '@lyyp/contracts/designer';
import {
  KNOWLEDGE_ATTACHMENT_MAX_BYTES,
  KNOWLEDGE_ATTACHMENT_MAX_LABEL,
  KNOWLEDGE_IMAGE_MAX_BYTES,
  KNOWLEDGE_IMAGE_MAX_LABEL,
  KNOWLEDGE_UPLOAD_FIELD,
  type KnowledgeArticle,
  type KnowledgeArticleSummary,
  type KnowledgeFile,
  type KnowledgePage,
  type knowledgeAddBodySchema,
  type knowledgeEditBodySchema,
} from '@lyyp/contracts/knowledge';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { newId } from '../../lib/ids.ts';
import type { DeviceAccess } from '../device/device-access.ts';
import { viewerOf, type Caller } from '../device/viewer.ts';
import type { AccountRow } from '../account/account.repository.ts';
import type { FileRow } from '../files/file.repository.ts';
import { baseNameOf, fileUrlOf } from '../files/file.service.ts';
import type { FileStore } from '../files/file-store.ts';
import { IMAGE_KINDS, imageExtensionOf } from '../files/image-kinds.ts';
import { readUploadedFile, streamUploadedFile } from '../files/multipart.ts';
import type { ProductService } from '../product/product.service.ts';
import { hasContent, plainTextOf, sanitiseArticleHtml } from './article-html.ts';
import type { ArticleWithAuthor, KnowledgeRepository } from './knowledge.repository.ts';
import type { StoredKnowledgeAttachment } from '../../db/schema/index.ts';

type AddBody = z.output<typeof knowledgeAddBodySchema>;
type EditBody = z.output<typeof knowledgeEditBodySchema>;

export interface KnowledgeDeps {
  readonly repository: KnowledgeRepository;
  readonly store: FileStore;
  readonly products: Pick<ProductService, 'requireFor' | 'allows'>;
  readonly access: Pick<DeviceAccess, 'requireVisibleDevice' | 'requireDeviceMenu'>;
  readonly now: () => number;
}

/** Where the knowledge base keeps an upload's bytes: marked, so an upload not yet saved in an article is known as its. */
export const KNOWLEDGE_STORAGE_PREFIX = 'knowledge-';

const imageRefusal = () =>
  new CatalogueError('2764', { types: DESIGNER_IMAGE_EXTENSIONS.join(', '), field: KNOWLEDGE_UPLOAD_FIELD });

export class KnowledgeService {
  constructor(private readonly deps: KnowledgeDeps) {}

  // Reading -----------------------------------------------------------------------------------------

  async list(
    caller: Caller,
    input: { productId: string; keyword?: string | undefined; page: number; pageSize: number },
  ): Promise<KnowledgePage> {
    await this.deps.products.requireFor(caller, 'knowledge.view', input.productId);
    return this.page(input.productId, input);
  }

  async info(caller: Caller, productId: string, id: string): Promise<KnowledgeArticle> {
    await this.deps.products.requireFor(caller, 'knowledge.view', productId);
    return this.article(productId, id);
  }

  /** The articles of a device's product, for whoever may see the device. */
  async listForDevice(
    caller: Caller,
    input: { deviceId: string; keyword?: string | undefined; page: number; pageSize: number },
  ): Promise<KnowledgePage> {
    const device = await this.deps.access.requireDeviceMenu(caller.account, input.deviceId, 'knowledge');
    return this.page(device.productId, input);
  }

  async infoForDevice(caller: Caller, deviceId: string, id: string): Promise<KnowledgeArticle> {
    const device = await this.deps.access.requireVisibleDevice(caller.account, deviceId);
    return this.article(device.productId, id);
  }

  private async page(
    productId: string,
    input: { keyword?: string | undefined; page: number; pageSize: number },
  ): Promise<KnowledgePage> {
    const { rows, total } = await this.deps.repository.list({
      productId,
      keyword: input.keyword || undefined,
      offset: (input.page - 1) * input.pageSize,
      limit: input.pageSize,
    });
    const list: KnowledgeArticleSummary[] = rows.map((row) => ({
      ...row,
      updatedAt: row.updatedAt.getTime(),
    }));
    return { list, total, page: input.page, pageSize: input.pageSize };
  }

  private async article(productId: string, id: string): Promise<KnowledgeArticle> {
    const row = await this.deps.repository.find(productId, id);
    if (!row) throw new CatalogueError('1003');
    return presentArticle(row);
  }

  // Writing -----------------------------------------------------------------------------------------

  async add(caller: Caller, body: AddBody): Promise<KnowledgeArticle> {
    await this.deps.products.requireFor(caller, 'knowledge.edit', body.productId);
    const content = checkedContent(body.body);
    const attachments = await this.attachmentsOf(caller, body.attachments, []);
    const id = newId();
    const at = new Date(this.deps.now());
    await this.deps.repository.insert({
      id,
      productId: body.productId,
      title: body.title.trim(),
      summary: body.summary.trim(),
      ...content,
      attachments,
      authorAccountId: caller.account.id,
      createdAt: at,
      updatedAt: at,
    });
    return this.article(body.productId, id);
  }

  async edit(caller: Caller, body: EditBody): Promise<KnowledgeArticle> {
    await this.deps.products.requireFor(caller, 'knowledge.edit', body.productId);
    const existing = await this.deps.repository.find(body.productId, body.id);
    if (!existing) throw new CatalogueError('1003');
    const content = checkedContent(body.body);
    const attachments = await this.attachmentsOf(caller, body.attachments, existing.attachments);
    const updated = await this.deps.repository.update(body.productId, body.id, {
      title: body.title.trim(),
      summary: body.summary.trim(),
      ...content,
      attachments,
      updatedAt: new Date(this.deps.now()),
    });
    if (!updated) throw new CatalogueError('1003');
    return this.article(body.productId, body.id);
  }

  async remove(caller: Caller, productId: string, id: string): Promise<void> {
    await this.deps.products.requireFor(caller, 'knowledge.edit', productId);
    const outcome = await this.deps.repository.deleteUnlinked(productId, id);
    if (outcome === 'missing') throw new CatalogueError('1003');
    if (outcome !== 'deleted') throw new CatalogueError('2766', { name: outcome.linkedBy, field: 'id' });
  }

  /**
   * The attachments a save names: those the article already has, or files the caller uploaded
   * (2763 for anything else — another person's upload, a file that does not exist).
   */
  private async attachmentsOf(
    caller: Caller,
    named: readonly { id: string }[],
    current: readonly StoredKnowledgeAttachment[],
  ): Promise<StoredKnowledgeAttachment[]> {
    const ids = [...new Set(named.map((entry) => entry.id))];
    const kept = new Map(current.map((attachment) => [attachment.id, attachment]));
    const uploaded = await this.deps.repository.filesUploadedBy(
      caller.account.id,
      ids.filter((id) => !kept.has(id)),
    );
    const fresh = new Map(
      uploaded.map((file) => [file.id, { id: file.id, name: file.name, size: file.size }]),
    );
    return ids.map((id, index) => {
      const attachment = kept.get(id) ?? fresh.get(id);
      if (!attachment) throw new CatalogueError('2763', { field: `attachments.${index}.id` });
      return attachment;
    });
  }

  // Serving files --------------------------------------------------------------------------------

  /**
   * The file rule of the knowledge base (`FileService.addAccessRule`): a file an article names, or
   * one uploaded here, is served only to those who may read an article naming it — readers of the
   * product (its view permission, within their data scope) or viewers of one of its devices who
   * may open its knowledge screen — and to the person who uploaded it (an article being written).
   */
  async fileAccess(file: FileRow, viewer: AccountRow | null): Promise<'allowed' | 'refused' | null> {
    const productIds = await this.deps.repository.productsNamingFile(file.id, fileUrlOf(file.id));
    if (productIds.length === 0 && !file.storageKey.startsWith(KNOWLEDGE_STORAGE_PREFIX)) return null;
    if (!viewer) return 'refused';
    if (file.ownerAccountId === viewer.id) return 'allowed';
    // A device's knowledge screen is the device view action over the devices the viewer sees.
    const viewsDevices = mayAttempt('device.view', policyCallerOf(viewer));
    for (const productId of productIds) {
      if (await this.deps.products.allows({ account: viewer, locale: 'zh-CN' }, 'knowledge.view', productId))
        return 'allowed';
      if (viewsDevices && (await this.deps.repository.seesDeviceOfProduct(viewerOf(viewer), productId)))
        return 'allowed';
    }
    return 'refused';
  }

  // Uploads -----------------------------------------------------------------------------------------

  /** An image for a body: a known image type by name and by content, under 100K. */
  async uploadImage(caller: Caller, request: FastifyRequest): Promise<KnowledgeFile> {
    const upload = await readUploadedFile(request, {
      field: KNOWLEDGE_UPLOAD_FIELD,
      maxBytes: KNOWLEDGE_IMAGE_MAX_BYTES,
      refusalOfName: (name) => (imageExtensionOf(name) ? null : imageRefusal()),
    });
    if (!upload) throw new CatalogueError('1001', { field: KNOWLEDGE_UPLOAD_FIELD });
    if (upload.truncated) {
      throw new CatalogueError('1802', { max: KNOWLEDGE_IMAGE_MAX_LABEL, field: KNOWLEDGE_UPLOAD_FIELD });
    }
    const extension = imageExtensionOf(upload.name);
    const kind = extension ? IMAGE_KINDS[extension] : undefined;
    if (!kind?.matches(upload.bytes)) throw imageRefusal();
    const id = newId();
    const name = baseNameOf(upload.name);
    await this.deps.store.write(storageKeyOf(id), upload.bytes);
    await this.recordFile(caller, { id, name, mime: kind.mime, size: upload.bytes.length });
    return { id, name, size: upload.bytes.length, url: fileUrlOf(id) };
  }

  /** An attachment of any type, streamed to the file store (never held in memory), at most 20 MB. */
  async uploadAttachment(caller: Caller, request: FastifyRequest): Promise<KnowledgeFile> {
    const id = newId();
    const streamed = await streamUploadedFile(request, {
      field: KNOWLEDGE_UPLOAD_FIELD,
      maxBytes: KNOWLEDGE_ATTACHMENT_MAX_BYTES,
      store: (source) => this.deps.store.writeStream(storageKeyOf(id), source),
      discardStored: () => this.deps.store.remove(storageKeyOf(id)),
      tooLarge: () =>
        new CatalogueError('1802', { max: KNOWLEDGE_ATTACHMENT_MAX_LABEL, field: KNOWLEDGE_UPLOAD_FIELD }),
    });
    if (!streamed) throw new CatalogueError('1001', { field: KNOWLEDGE_UPLOAD_FIELD });
    const name = baseNameOf(streamed.name) || 'attachment';
    // Served as bytes to download, whatever the name says: an attachment never renders as a page.
    await this.recordFile(caller, { id, name, mime: 'application/octet-stream', size: streamed.size });
    return { id, name, size: streamed.size, url: fileUrlOf(id) };
  }

  private async recordFile(caller: Caller, file: { id: string; name: string; mime: string; size: number }) {
    try {
      await this.deps.repository.insertFile({
        ...file,
        ownerAccountId: caller.account.id,
        storageKey: storageKeyOf(file.id),
      });
    } catch (error) {
      await this.deps.store.remove(storageKeyOf(file.id));
      throw error;
    }
  }
}

function storageKeyOf(fileId: string): string {
  return `${KNOWLEDGE_STORAGE_PREFIX}${fileId}`;
}

/** The body as stored: sanitised, with its plain text; 2761 when nothing is left to show. */
function checkedContent(html: string): { body: string; bodyText: string } {
  const body = sanitiseArticleHtml(html);
  const bodyText = plainTextOf(body);
  if (!hasContent(body, bodyText)) throw new CatalogueError('2761', { field: 'body' });
  return { body, bodyText };
}

function presentArticle(row: ArticleWithAuthor): KnowledgeArticle {
  return {
    id: row.id,
    productId: row.productId,
    title: row.title,
    summary: row.summary,
    authorName: row.authorName,
    updatedAt: row.updatedAt.getTime(),
    createdAt: row.createdAt.getTime(),
    body: row.body,
    attachments: row.attachments.map((attachment) => ({ ...attachment, url: fileUrlOf(attachment.id) })),
  };
}
