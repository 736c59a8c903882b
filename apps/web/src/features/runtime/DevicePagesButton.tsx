/**
 * The pages button of a device (device list and detail): a click opens the device's home page at
 * once (the start page, else the first main page); the arrow beside it lists the main pages to
 * open another. The list loads when the menu opens.
 */
import { AppstoreOutlined, DownOutlined, HomeOutlined, LockOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Dropdown, Space, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { designerRuntimeApi } from '../../api/designer-runtime.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { describeError } from '../../app/messages.ts';
import { devicePagePath, listDeviceMenuPages } from './home-page.ts';

export function DevicePagesButton({ deviceId, size }: { deviceId: string; size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const pages = useQuery({
    queryKey: ['runtime', 'pages', deviceId],
    queryFn: () => designerRuntimeApi.listDevicePages(deviceId),
    enabled: menuOpen,
  });

  const items: MenuProps['items'] = pages.error
    ? [{ key: 'error', label: describeError(pages.error, locale), disabled: true }]
    : !pages.data
      ? [{ key: 'loading', label: t('designer.runtime.loadingPages'), disabled: true }]
      : listDeviceMenuPages(pages.data).length === 0
        ? [{ key: 'none', label: t('designer.runtime.noPages'), disabled: true }]
        : listDeviceMenuPages(pages.data).map((page) => ({
            key: page.id,
            label: (
              <Space size={6} data-open-page={page.id}>
                {page.title}
                {page.isStart ? <HomeOutlined /> : null}
                {page.checkpwd ? <LockOutlined style={{ color: '#8c8c8c' }} /> : null}
              </Space>
            ),
          }));

  return (
    <Space.Compact size={size} data-testid="device-pages">
      <Button
        size={size}
        icon={<AppstoreOutlined />}
        data-open-home-page={deviceId}
        onClick={() => void navigate(devicePagePath(deviceId))}
      >
        {t('monitor.detail.openPages')}
      </Button>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        onOpenChange={setMenuOpen}
        menu={{
          items,
          onClick: ({ key }) => {
            if (pages.data?.some((page) => page.id === key)) void navigate(devicePagePath(deviceId, key));
          },
        }}
      >
        <Button
          size={size}
          icon={<DownOutlined />}
          aria-label={t('designer.runtime.choosePage')}
          data-device-pages-menu={deviceId}
        />
      </Dropdown>
    </Space.Compact>
  );
}
