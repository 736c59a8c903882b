/** Stands in for a screen that is not built yet, saying so plainly and naming the screen. */
import { ToolOutlined } from '@ant-design/icons';
import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteLeaf } from '../../app/route-handle.ts';

export default function PlaceholderPage() {
  const { t } = useTranslation();
  const leaf = useRouteLeaf();
  const screen = leaf ? t(`routes.${leaf.name}`) : '';
  return (
    <Card variant="borderless" data-testid="placeholder-page">
      <Result
        icon={<ToolOutlined style={{ color: '#8c8c8c' }} />}
        title={t('placeholder.title')}
        subTitle={t('placeholder.text', { screen })}
      />
    </Card>
  );
}
