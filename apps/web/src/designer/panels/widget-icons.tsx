/**
 * Palette and layer icons: shapes and library symbols draw themselves small; other widgets have an
 * icon each.
 */
import {
  AreaChartOutlined,
  BarChartOutlined,
  BellOutlined,
  BlockOutlined,
  CalendarOutlined,
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloudOutlined,
  DashboardOutlined,
  DotChartOutlined,
  DownSquareOutlined,
  EditOutlined,
  EnvironmentOutlined,
  FieldNumberOutlined,
  FileImageOutlined,
  FontSizeOutlined,
  GatewayOutlined,
  HistoryOutlined,
  LineChartOutlined,
  PictureOutlined,
  PieChartOutlined,
  RadarChartOutlined,
  SlidersOutlined,
  VideoCameraOutlined,
  DeploymentUnitOutlined,
  ExperimentOutlined,
} from '@ant-design/icons';
import type { ComponentType, CSSProperties } from 'react';
import type { GroupWidget, LeafWidget, LeafWidgetType, WidgetType } from '@lyyp/contracts/designer';
import {
  createSequentialDeps,
  createSymbol,
  createWidget,
  getSymbolDefinition,
  getWidgetDefinition,
  symbolBounds,
  type SymbolId,
} from '@lyyp/designer-core';
import { createDesignRuntime } from '../../widgets/render-context.ts';
import { WidgetView } from '../../widgets/WidgetView.tsx';

type IconType = ComponentType<{ style?: CSSProperties }>;

const ICONS: Partial<Readonly<Record<WidgetType, IconType>>> = {
  WidgetGroup: BlockOutlined,
  UsualDashboard: DashboardOutlined,
  UsualButton: CheckCircleOutlined,
  UsualDataText: FieldNumberOutlined,
  UsualImage: FileImageOutlined,
  UsualPercentFill: ExperimentOutlined,
  UsualScrollbar: SlidersOutlined,
  UsualText: FontSizeOutlined,
  UsualTimer: ClockCircleOutlined,
  UsualAnimation: PictureOutlined,
  UsualSelect: DownSquareOutlined,
  UsualWebgl: DeploymentUnitOutlined,
  UsualInput: EditOutlined,
  UsualRadio: GatewayOutlined,
  UsualTimeSelector: CalendarOutlined,
  ComplexLine: LineChartOutlined,
  ComplexBar: BarChartOutlined,
  ComplexPie: PieChartOutlined,
  ComplexRing: PieChartOutlined,
  ComplexRose: RadarChartOutlined,
  ComplexVideo: VideoCameraOutlined,
  ComplexMap: EnvironmentOutlined,
  ComplexArea: AreaChartOutlined,
  ComplexHistory: HistoryOutlined,
  ComplexAlarm: BellOutlined,
  ComplexXyline: DotChartOutlined,
  ComplexWeather: CloudOutlined,
};

const ICON_BOX = { width: 28, height: 20 };
const iconRuntime = createDesignRuntime('zh-CN');
const iconDeps = createSequentialDeps('icon');
const iconWidgets = new Map<LeafWidgetType, LeafWidget>();

/** A small sample of the shape, outlined the same for every type so the palette reads evenly. */
function sampleShape(type: LeafWidgetType): LeafWidget {
  const cached = iconWidgets.get(type);
  if (cached) return cached;
  const widget = createWidget(
    type,
    { x: 1, y: 1, width: ICON_BOX.width - 2, height: ICON_BOX.height - 2 },
    iconDeps,
  );
  const sample = {
    ...widget,
    style: {
      ...widget.style,
      stroke: { ...widget.style.stroke, enable: true, width: 1.5, color: '#595959' },
      fill: { enable: true, color: '#e6f0ff' },
    },
  };
  iconWidgets.set(type, sample);
  return sample;
}

function ShapeIcon({ type }: { type: LeafWidgetType }) {
  return (
    <span style={{ position: 'relative', display: 'inline-block', ...ICON_BOX }}>
      <WidgetView widget={sampleShape(type)} runtime={iconRuntime} />
    </span>
  );
}

export function WidgetIcon({ type }: { type: WidgetType }) {
  if (type !== 'WidgetGroup' && getWidgetDefinition(type).category === 'shape')
    return <ShapeIcon type={type} />;
  const Icon = ICONS[type] ?? BlockOutlined;
  return <Icon style={{ fontSize: 18 }} />;
}

const SYMBOL_ICON = { width: 32, height: 24 };
const symbolSamples = new Map<SymbolId, GroupWidget>();

function sampleSymbol(id: SymbolId): GroupWidget {
  const cached = symbolSamples.get(id);
  if (cached) return cached;
  const { width, height } = symbolBounds(getSymbolDefinition(id));
  const sample = createSymbol(id, { x: width / 2, y: height / 2 }, iconDeps);
  symbolSamples.set(id, sample);
  return sample;
}

/** A library symbol drawn by the shared renderer, scaled into the palette's icon box. */
export function SymbolIcon({ id }: { id: SymbolId }) {
  const { width, height } = symbolBounds(getSymbolDefinition(id));
  const scale = Math.min(SYMBOL_ICON.width / width, SYMBOL_ICON.height / height);
  return (
    <span style={{ position: 'relative', display: 'inline-block', ...SYMBOL_ICON }}>
      <span
        style={{
          position: 'absolute',
          left: (SYMBOL_ICON.width - width * scale) / 2,
          top: (SYMBOL_ICON.height - height * scale) / 2,
          width,
          height,
          transform: `scale(${scale})`,
          transformOrigin: '0 0',
        }}
      >
        <WidgetView widget={sampleSymbol(id)} runtime={iconRuntime} />
      </span>
    </span>
  );
}
