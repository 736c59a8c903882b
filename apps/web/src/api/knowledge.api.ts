/**
 * Typed calls of the knowledge base: a product's articles in the back-office
 * (`/product/knowledge/*`, with image and attachment uploads) and, read-only, the articles of a
 * device's product on the monitoring site (`/equipment/knowledge/*`). Shapes are the contract's
 * (`@lyyp/contracts/knowledge`); an article names its attachments in a list, so saves go as JSON.
 */
import {
  DEVICE_KNOWLEDGE_API_PATHS,
  KNOWLEDGE_API_PATHS,
  KNOWLEDGE_UPLOAD_FIELD,
  type DeviceKnowledgeListBody,
  type KnowledgeAddBody,
  type KnowledgeArticle,
  type KnowledgeEditBody,
  type KnowledgeFile,
  type KnowledgeListBody,
  type KnowledgePage,
} from '@lyyp/contracts/knowledge';
import { type ApiClient, JSON_BODY } from './client.ts';
import { apiClient } from './instance.ts';

export type {
  KnowledgeAddBody,
  KnowledgeArticle,
  KnowledgeArticleSummary,
  KnowledgeEditBody,
  KnowledgeFile,
  KnowledgePage,
} from '@lyyp/contracts/knowledge';

function fileForm(file: File): FormData {
  const form = new FormData();
  form.append(KNOWLEDGE_UPLOAD_FIELD, file, file.name);
  return form;
}

export function createKnowledgeApi(client: ApiClient) {
  return {
    list: (body: KnowledgeListBody) => client.post<KnowledgePage>(KNOWLEDGE_API_PATHS.list, { ...body }),
    info: (productId: string, id: string) =>
      client.post<KnowledgeArticle>(KNOWLEDGE_API_PATHS.info, { productId, id }),
    add: (body: KnowledgeAddBody) =>
      client.post<KnowledgeArticle>(KNOWLEDGE_API_PATHS.add, { ...body }, JSON_BODY),
    edit: (body: KnowledgeEditBody) =>
      client.post<KnowledgeArticle>(KNOWLEDGE_API_PATHS.edit, { ...body }, JSON_BODY),
    delete: (productId: string, id: string) =>
      client.post<null>(KNOWLEDGE_API_PATHS.delete, { productId, id }),
    uploadImage: (file: File) =>
      client.upload<KnowledgeFile>(KNOWLEDGE_API_PATHS.uploadImage, fileForm(file)),
    uploadAttachment: (file: File) =>
      client.upload<KnowledgeFile>(KNOWLEDGE_API_PATHS.uploadAttachment, fileForm(file)),
    deviceList: (body: DeviceKnowledgeListBody) =>
      client.post<KnowledgePage>(DEVICE_KNOWLEDGE_API_PATHS.list, { ...body }),
    deviceInfo: (deviceId: string, id: string) =>
      client.post<KnowledgeArticle>(DEVICE_KNOWLEDGE_API_PATHS.info, { deviceId, id }),
  };
}

export type KnowledgeApi = ReturnType<typeof createKnowledgeApi>;

export const knowledgeApi = createKnowledgeApi(apiClient);
