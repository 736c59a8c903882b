/**
 * Property editors of the WebGL scene widget: the scene model (upload a glTF / GLB, replace,
 * remove; the widget's `sceneId`) and its node bindings, each a signal acting on one node of the
 * model (picked from the model's node list) by tint, visibility or rotation.
 */
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Select, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SCENE_MODEL_EXTENSIONS,
  SCENE_NODE_EFFECTS,
  SCENE_ROTATION_AXES,
  checkSceneModelFile,
  listGlbNodes,
  type SceneSignal,
} from '@lyyp/contracts/designer';
import { createSceneSignal, getAtPath } from '@lyyp/designer-core';
import { designerApi, loadSceneModel } from '../../api/designer.api.ts';
import { describeError, translateCatalogue } from '../../app/messages.ts';
import { useDesignerLocale } from '../use-designer-locale.ts';
import { ColourInput, type PropertyEditorProps } from './BasicEditors.tsx';
import { useDesignerData } from './designer-data.ts';
import { ListShell, RuleValueInput, SymbolSelect } from './ListEditors.tsx';
import styles from './panels.module.css';

/** The saved-page schema's limit on a scene's signal list. */
const SCENE_SIGNAL_LIMIT = 100;

const sceneNodesKey = (sceneId: string) => ['scene-nodes', sceneId] as const;

/** The node names of a stored scene model, read from the model itself. */
function useSceneNodes(sceneId: string) {
  return useQuery({
    queryKey: sceneNodesKey(sceneId),
    queryFn: async ({ signal }) => listGlbNodes(new Uint8Array(await loadSceneModel(sceneId, signal))),
    enabled: sceneId !== '',
    staleTime: Infinity,
  });
}

export function SceneModelEditor({ descriptor, value, onChange }: PropertyEditorProps) {
  const { t } = useTranslation();
  const { locale } = useDesignerLocale();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const sceneId = typeof value === 'string' ? value : '';
  const nodes = useSceneNodes(sceneId);

  const handleFile = (file: File) => {
    const violation = checkSceneModelFile(file.name, file.size);
    if (violation) {
      void message.error(translateCatalogue(violation.code, locale, violation.params));
      return false;
    }
    setUploading(true);
    designerApi
      .uploadScene(file)
      .then((scene) => {
        queryClient.setQueryData(sceneNodesKey(scene.id), scene.nodes);
        onChange(scene.id);
      })
      .catch((error: unknown) => void message.error(describeError(error, locale)))
      .finally(() => setUploading(false));
    return false;
  };

  return (
    <div data-scene-model={descriptor.key}>
      {sceneId ? (
        <div data-scene-node-count={nodes.data?.length ?? ''}>
          <Typography.Text type="secondary">
            {t('designer.scene.chosen')}
            {nodes.data ? ` · ${t('designer.scene.nodeCount', { count: nodes.data.length })}` : ''}
          </Typography.Text>
        </div>
      ) : null}
      <div className={styles.inline}>
        <Upload
          accept={SCENE_MODEL_EXTENSIONS.map((extension) => `.${extension}`).join(',')}
          showUploadList={false}
          beforeUpload={handleFile}
        >
          <Button size="small" icon={<UploadOutlined />} loading={uploading}>
            {sceneId ? t('designer.scene.replace') : t('designer.scene.upload')}
          </Button>
        </Upload>
        {sceneId ? (
          <Button size="small" icon={<DeleteOutlined />} onClick={() => onChange('')}>
            {t('designer.scene.remove')}
          </Button>
        ) : null}
      </div>
      <Typography.Text type="secondary" className={styles.hint}>
        {t('designer.scene.hint')}
      </Typography.Text>
    </div>
  );
}

const EFFECT_LABELS = {
  color: 'designer.scene.effectColor',
  visible: 'designer.scene.effectVisible',
  rotation: 'designer.scene.effectRotation',
} as const;

export function SceneSignalsEditor({ descriptor, value, onChange, widget }: PropertyEditorProps) {
  const { t } = useTranslation();
  const { bindingOptions } = useDesignerData();
  const chosen = widget ? getAtPath(widget, 'data.dataAddon.sceneId') : '';
  const sceneId = typeof chosen === 'string' ? chosen : '';
  const nodes = useSceneNodes(sceneId);
  const items = Array.isArray(value) ? (value as SceneSignal[]) : [];
  const choices = bindingOptions
    .filter((option) => option.source !== 'system')
    .map((option) => ({
      value: option.key,
      label: `${option.title} · ${option.key}`,
      search: `${option.title} ${option.key}`.toLowerCase(),
    }));
  const nodeOptions = (nodes.data ?? []).map((name) => ({ value: name, label: name }));

  return (
    <div data-scene-signals={descriptor.key}>
      {sceneId === '' ? (
        <Typography.Text type="secondary" className={styles.hint}>
          {t('designer.scene.noNodes')}
        </Typography.Text>
      ) : null}
      <ListShell<SceneSignal>
        items={items}
        onChange={(next) => onChange(next.slice(0, SCENE_SIGNAL_LIMIT))}
        addLabel={t('designer.series.add')}
        canAdd={items.length < SCENE_SIGNAL_LIMIT}
        createItem={createSceneSignal}
        renderItem={(item, index, update) => {
          const effect = item.effect ?? 'color';
          return (
            <div className={styles.seriesRow} data-scene-signal-row={index}>
              <div data-scene-signal={index}>
                <Select
                  size="small"
                  showSearch={{
                    filterOption: (input, option) =>
                      option ? option.search.includes(input.toLowerCase()) : false,
                  }}
                  style={{ width: '100%' }}
                  placeholder={t('designer.binding.placeholder')}
                  value={item.signalId || undefined}
                  options={choices}
                  onChange={(key: string) => {
                    const option = bindingOptions.find(
                      (candidate) => candidate.key === key && candidate.source !== 'system',
                    );
                    update({
                      ...item,
                      signalId: key,
                      title: option?.title ?? key,
                      subTitle: option?.subTitle ?? '',
                    });
                  }}
                />
              </div>
              <div data-scene-node={index}>
                <Select
                  size="small"
                  showSearch
                  style={{ width: '100%' }}
                  placeholder={t('designer.scene.nodePlaceholder')}
                  value={item.node || undefined}
                  options={nodeOptions}
                  loading={nodes.isLoading}
                  onChange={(node: string) => update({ ...item, node })}
                />
              </div>
              <div className={styles.inline}>
                <span data-scene-effect={index} className={styles.sceneGrow}>
                  <Select
                    size="small"
                    style={{ width: '100%' }}
                    aria-label={t('designer.scene.effect')}
                    value={effect}
                    options={SCENE_NODE_EFFECTS.map((name) => ({
                      value: name,
                      label: t(EFFECT_LABELS[name]),
                    }))}
                    onChange={(next: (typeof SCENE_NODE_EFFECTS)[number]) =>
                      update({ ...item, effect: next })
                    }
                  />
                </span>
                {effect === 'rotation' ? (
                  <Select
                    size="small"
                    style={{ width: 60 }}
                    aria-label={t('designer.scene.axis')}
                    value={item.axis ?? 'y'}
                    options={SCENE_ROTATION_AXES.map((axis) => ({
                      value: axis,
                      label: axis.toUpperCase(),
                    }))}
                    onChange={(axis: (typeof SCENE_ROTATION_AXES)[number]) => update({ ...item, axis })}
                  />
                ) : effect === 'color' ? (
                  <ColourInput compact value={item.color} onChange={(color) => update({ ...item, color })} />
                ) : null}
              </div>
              {effect === 'rotation' ? (
                <Typography.Text type="secondary">{t('designer.scene.rotationHint')}</Typography.Text>
              ) : (
                <div className={styles.inline}>
                  <span className={styles.sceneLabel}>{t('designer.scene.condition')}</span>
                  <span data-scene-symbol={index}>
                    <SymbolSelect
                      value={item.symbol ?? '=='}
                      onChange={(symbol) => update({ ...item, symbol })}
                    />
                  </span>
                  <span data-scene-value={index}>
                    <RuleValueInput
                      value={item.value ?? 1}
                      onChange={(next) => update({ ...item, value: next })}
                    />
                  </span>
                </div>
              )}
            </div>
          );
        }}
      />
    </div>
  );
}
