/**
 * Typed calls of the remaining system screens: app versions (and the public list /download shows),
 * the user agreement and privacy policy (and the current texts registration shows), protocols and
 * driver models. Shapes are the contract's (`@lyyp/contracts/system`); nested bodies go as JSON.
 */
import {
  AGREEMENT_API_PATHS,
  APP_VERSION_API_PATHS,
  PROTOCOL_API_PATHS,
  type AgreementListBody,
  type AgreementPublishBody,
  type AgreementSummary,
  type AgreementText,
  type AppVersion,
  type AppVersionAddBody,
  type AppVersionEditBody,
  type AppVersionListBody,
  type AppVersionPage,
  type CurrentAgreements,
  type DriverModel,
  type DriverModelAddBody,
  type DriverModelEditBody,
  type DriverModelListBody,
  type LatestApp,
  type ProtocolItem,
} from '@lyyp/contracts/system';
import { type ApiClient, JSON_BODY } from './client.ts';
import { apiClient } from './instance.ts';

export type {
  AgreementKind,
  AgreementSummary,
  AgreementText,
  AppVersion,
  AppVersionAddBody,
  CurrentAgreements,
  DriverModel,
  DriverModelAddBody,
  DriverModelSettings,
  LatestApp,
  ProtocolItem,
} from '@lyyp/contracts/system';

export function createSystemCatalogueApi(client: ApiClient) {
  return {
    appVersions: {
      list: (body: AppVersionListBody) =>
        client.post<AppVersionPage>(APP_VERSION_API_PATHS.list, { ...body }),
      add: (body: AppVersionAddBody) =>
        client.post<AppVersion>(APP_VERSION_API_PATHS.add, { ...body }, JSON_BODY),
      edit: (body: AppVersionEditBody) =>
        client.post<AppVersion>(APP_VERSION_API_PATHS.edit, { ...body }, JSON_BODY),
      setLatest: (id: string) => client.post<AppVersion>(APP_VERSION_API_PATHS.setLatest, { id }),
      delete: (id: string) => client.post<null>(APP_VERSION_API_PATHS.delete, { id }),
      latest: () => client.get<LatestApp[]>(APP_VERSION_API_PATHS.latest),
    },
    agreements: {
      list: (body: AgreementListBody = {}) =>
        client.post<AgreementSummary[]>(AGREEMENT_API_PATHS.list, { ...body }),
      info: (id: string) => client.post<AgreementText>(AGREEMENT_API_PATHS.info, { id }),
      publish: (body: AgreementPublishBody) =>
        client.post<AgreementText>(AGREEMENT_API_PATHS.publish, { ...body }, JSON_BODY),
      current: () => client.get<CurrentAgreements>(AGREEMENT_API_PATHS.current),
    },
    protocols: {
      list: () => client.post<ProtocolItem[]>(PROTOCOL_API_PATHS.list, {}),
      driverModels: (body: DriverModelListBody = {}) =>
        client.post<DriverModel[]>(PROTOCOL_API_PATHS.driverModels, { ...body }),
      addDriverModel: (body: DriverModelAddBody) =>
        client.post<DriverModel>(PROTOCOL_API_PATHS.addDriverModel, { ...body }, JSON_BODY),
      editDriverModel: (body: DriverModelEditBody) =>
        client.post<DriverModel>(PROTOCOL_API_PATHS.editDriverModel, { ...body }, JSON_BODY),
      deleteDriverModel: (id: string) => client.post<null>(PROTOCOL_API_PATHS.deleteDriverModel, { id }),
    },
  };
}

export type SystemCatalogueApi = ReturnType<typeof createSystemCatalogueApi>;

export const systemCatalogueApi = createSystemCatalogueApi(apiClient);
