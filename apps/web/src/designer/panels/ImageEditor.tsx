/** An image property: preview, upload (jpg, png, gif, svg or ico under 100K, §5) and remove. */
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkDesignerImage, DESIGNER_IMAGE_EXTENSIONS } from '@lyyp/contracts/designer';
import { designerApi } from '../../api/designer.api.ts';
import { describeError, translateCatalogue } from '../../app/messages.ts';
import { pictureSource } from '../../widgets/media-source.ts';
import { useDesignerLocale } from '../use-designer-locale.ts';
import styles from './panels.module.css';

export function ImageInput({ value, onChange }: { value: string; onChange: (url: string) => void }) {
  const { t } = useTranslation();
  const { locale } = useDesignerLocale();
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);

  const handleFile = (file: File) => {
    const violation = checkDesignerImage(file.name, file.size);
    if (violation) {
      void message.error(translateCatalogue(violation.code, locale, violation.params));
      return false;
    }
    setUploading(true);
    designerApi
      .uploadImage(file)
      .then((uploaded) => onChange(uploaded.url))
      .catch((error: unknown) => void message.error(describeError(error, locale)))
      .finally(() => setUploading(false));
    return false;
  };

  return (
    <div>
      {pictureSource(value) ? (
        <img className={styles.imagePreview} src={pictureSource(value)} alt="" />
      ) : null}
      <div className={styles.inline}>
        <Upload
          accept={DESIGNER_IMAGE_EXTENSIONS.map((extension) => `.${extension}`).join(',')}
          showUploadList={false}
          beforeUpload={handleFile}
        >
          <Button size="small" icon={<UploadOutlined />} loading={uploading}>
            {value ? t('designer.image.replace') : t('designer.image.upload')}
          </Button>
        </Upload>
        {value ? (
          <Button size="small" icon={<DeleteOutlined />} onClick={() => onChange('')}>
            {t('designer.image.remove')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
