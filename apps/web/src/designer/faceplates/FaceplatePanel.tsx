/**
 * The faceplate browser: the product's faceplate templates, each placed on the page as many times
 * as wanted, every instance bound to the devices picked for the template's parameters; instances
 * of an older version are updated in one step; the selection is saved as a new template (or, for
 * an instance, as the next version of its own).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Popconfirm, Select, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FaceplateTemplate, PageDocument } from '@lyyp/contracts/designer';
import { listFaceplateInstances, type FaceplateParameters } from '@lyyp/designer-core';
import { catalogueApi } from '../../api/catalogue.api.ts';
import { describeError } from '../../app/messages.ts';
import { useDesigner, useDesignerStore } from '../designer-context.ts';
import { useDesignerData } from '../panels/designer-data.ts';
import { useDesignerLocale } from '../use-designer-locale.ts';
import { faceplateApi, faceplateQueryKey } from './faceplate-api.ts';
import { FaceplateSaveModal } from './FaceplateSaveModal.tsx';
import { faceplateSourceOf } from './faceplate-source.ts';
import styles from './faceplates.module.css';

/** Devices offered for a parameter: the product's first page of devices. */
const DEVICE_PAGE_SIZE = 100;
const GAP = 20;

/** Where the next instance goes: left to right, then the next row, clear of the page edge. */
export function nextInstanceCentre(document: PageDocument, template: FaceplateTemplate) {
  const placed = listFaceplateInstances(document, template.id).length;
  const columns = Math.max(1, Math.floor((document.width - GAP) / (template.width + GAP)));
  const column = placed % columns;
  const row = Math.floor(placed / columns);
  return {
    x: GAP + column * (template.width + GAP) + template.width / 2,
    y: GAP + row * (template.height + GAP) + template.height / 2,
  };
}

interface DeviceOption {
  readonly value: string;
  readonly label: string;
}

function FaceplateItem({
  template,
  devices,
}: {
  template: FaceplateTemplate;
  devices: readonly DeviceOption[];
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { locale } = useDesignerLocale();
  const { productId } = useDesignerData();
  const store = useDesignerStore();
  const queryClient = useQueryClient();
  const document = useDesigner((state) => state.editor.document);
  const [chosen, setChosen] = useState<Readonly<Record<string, string>>>({});
  const instances = listFaceplateInstances(document, template.id);
  const outdated = instances.filter((instance) => (instance.faceplate?.version ?? 0) < template.version);
  const ready = template.parameters.every((name) => chosen[name]);

  const place = () => {
    const parameters: FaceplateParameters = Object.fromEntries(
      template.parameters.map((name) => {
        const device = devices.find((option) => option.value === chosen[name]);
        return [name, { equipId: chosen[name] ?? '', title: device?.label ?? '' }];
      }),
    );
    store.getState().run({
      name: 'place-faceplate',
      template,
      point: nextInstanceCentre(document, template),
      parameters,
    });
  };

  const update = () => {
    store.getState().run({ name: 'update-faceplates', template });
    void message.success(t('designerStudio.faceplates.updated', { count: outdated.length }));
  };

  const remove = async () => {
    try {
      queryClient.setQueryData(
        faceplateQueryKey(productId),
        await faceplateApi.delete(productId, template.id),
      );
    } catch (error) {
      void message.error(describeError(error, locale));
    }
  };

  return (
    <li className={styles.item} data-faceplate={template.id} data-faceplate-title={template.title}>
      <div className={styles.itemHead}>
        <Typography.Text strong ellipsis>
          {template.title}
        </Typography.Text>
        <Typography.Text type="secondary" className={styles.meta}>
          {t('designerStudio.faceplates.version', { version: template.version })}
          {instances.length > 0
            ? ` · ${t('designerStudio.faceplates.instances', { count: instances.length })}`
            : ''}
        </Typography.Text>
      </div>
      {template.parameters.map((name) => (
        <Select
          key={name}
          size="small"
          className={styles.device}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('designerStudio.faceplates.device', { parameter: name })}
          value={chosen[name]}
          options={[...devices]}
          onChange={(value: string) => setChosen({ ...chosen, [name]: value })}
          data-faceplate-parameter-device={name}
        />
      ))}
      <Space size={4} wrap>
        <Button size="small" type="primary" disabled={!ready} onClick={place} data-faceplate-place>
          {t('designerStudio.faceplates.place')}
        </Button>
        {outdated.length > 0 ? (
          <Button size="small" onClick={update} data-faceplate-update>
            {t('designerStudio.faceplates.update', { count: outdated.length })}
          </Button>
        ) : null}
        <Popconfirm
          title={t('designerStudio.faceplates.deleteConfirm', { title: template.title })}
          onConfirm={() => void remove()}
        >
          <Button size="small" danger type="text">
            {t('designerStudio.faceplates.delete')}
          </Button>
        </Popconfirm>
      </Space>
    </li>
  );
}

export function FaceplatePanel() {
  const { t } = useTranslation();
  const { productId } = useDesignerData();
  const queryClient = useQueryClient();
  const document = useDesigner((state) => state.editor.document);
  const selection = useDesigner((state) => state.editor.selection);
  const [saving, setSaving] = useState(false);
  const templates = useQuery({
    queryKey: faceplateQueryKey(productId),
    queryFn: () => faceplateApi.list(productId),
  });
  const devices = useQuery({
    queryKey: ['designer', 'faceplate-devices', productId],
    queryFn: () => catalogueApi.queryDevices({ productId, page: 1, pageSize: DEVICE_PAGE_SIZE }),
  });
  const deviceOptions = (devices.data?.list ?? []).map((device) => ({
    value: device.id,
    label: device.name,
  }));
  const source = faceplateSourceOf(document, selection);
  const stored =
    source?.kind === 'instance' ? templates.data?.find((item) => item.id === source.templateId) : undefined;

  return (
    <div className={styles.panel} data-faceplate-panel>
      <Button block type="dashed" disabled={!source} onClick={() => setSaving(true)} data-faceplate-save>
        {source?.kind === 'instance'
          ? t('designerStudio.faceplates.saveVersion')
          : t('designerStudio.faceplates.save')}
      </Button>
      <Typography.Paragraph type="secondary" className={styles.hint}>
        {source ? t('designerStudio.faceplates.placeHint') : t('designerStudio.faceplates.sourceNone')}
      </Typography.Paragraph>
      {templates.isPending ? (
        <Spin />
      ) : (templates.data ?? []).length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('designerStudio.faceplates.empty')} />
      ) : (
        <ul className={styles.list}>
          {(templates.data ?? []).map((template) => (
            <FaceplateItem key={template.id} template={template} devices={deviceOptions} />
          ))}
        </ul>
      )}
      {saving && source ? (
        <FaceplateSaveModal
          source={source}
          stored={stored}
          onClose={() => setSaving(false)}
          onSaved={() => {
            setSaving(false);
            void queryClient.invalidateQueries({ queryKey: faceplateQueryKey(productId) });
          }}
        />
      ) : null}
    </div>
  );
}
