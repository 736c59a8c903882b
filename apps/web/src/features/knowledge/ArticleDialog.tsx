/** Writing or changing an article: title, summary, rich-text body, attachments (uploaded one by one). */
import { UploadOutlined } from '@ant-design/icons';
import { KNOWLEDGE_SUMMARY_MAX_LENGTH, KNOWLEDGE_TITLE_MAX_LENGTH } from '@lyyp/contracts/knowledge';
import { App, Button, Form, Input, List, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { knowledgeApi, type KnowledgeArticle, type KnowledgeFile } from '../../api/knowledge.api.ts';
import { FormDialog } from '../../blocks/index.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { RichTextEditor } from './RichTextEditor.tsx';

export interface ArticleDialogProps {
  productId: string;
  /** The article to change; null writes a new one. */
  article: KnowledgeArticle | null;
  onClose: (saved: boolean) => void;
}

interface ArticleFields {
  title: string;
  summary: string;
}

export function ArticleDialog({ productId, article, onClose }: ArticleDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describeFailure = useDescribeFailure();
  const [body, setBody] = useState(article?.body ?? '');
  const [attachments, setAttachments] = useState<KnowledgeFile[]>(article?.attachments ?? []);
  const [uploading, setUploading] = useState(false);
  const save = (fields: ArticleFields) => {
    const content = {
      productId,
      title: fields.title,
      summary: fields.summary ?? '',
      body,
      attachments: attachments.map((file) => ({ id: file.id })),
    };
    return article ? knowledgeApi.edit({ ...content, id: article.id }) : knowledgeApi.add(content);
  };
  const attach = async (file: File) => {
    setUploading(true);
    try {
      const uploaded = await knowledgeApi.uploadAttachment(file);
      setAttachments((current) => [...current, uploaded]);
    } catch (error) {
      void message.error(describeFailure(error));
    } finally {
      setUploading(false);
    }
  };

  return (
    <FormDialog<ArticleFields>
      width={860}
      title={article ? t('knowledge.edit') : t('knowledge.add')}
      okText={t('knowledge.save')}
      okButtonProps={{ 'data-testid': 'knowledge-save' }}
      onClose={() => onClose(false)}
      initialValues={{ title: article?.title ?? '', summary: article?.summary ?? '' }}
      fields={['title', 'summary']}
      submit={save}
      successText={t('knowledge.saved')}
      onSaved={() => onClose(true)}
    >
      <Form.Item
        name="title"
        label={t('knowledge.fields.title')}
        rules={[{ required: true, whitespace: true, message: t('knowledge.titleRequired') }]}
      >
        <Input maxLength={KNOWLEDGE_TITLE_MAX_LENGTH} data-testid="knowledge-title" />
      </Form.Item>
      <Form.Item name="summary" label={t('knowledge.fields.summary')}>
        <Input.TextArea rows={2} maxLength={KNOWLEDGE_SUMMARY_MAX_LENGTH} data-testid="knowledge-summary" />
      </Form.Item>
      <Form.Item label={t('knowledge.fields.body')} required>
        <RichTextEditor initialHtml={article?.body ?? ''} onChange={setBody} />
      </Form.Item>
      <Form.Item label={t('knowledge.fields.attachments')}>
        <Upload
          showUploadList={false}
          beforeUpload={(file) => {
            void attach(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading} data-testid="knowledge-attach">
            {t('knowledge.attach')}
          </Button>
        </Upload>
        {attachments.length > 0 ? (
          <List
            size="small"
            dataSource={attachments}
            renderItem={(file) => (
              <List.Item
                actions={[
                  <Button
                    key="remove"
                    type="link"
                    size="small"
                    onClick={() =>
                      setAttachments((current) => current.filter((entry) => entry.id !== file.id))
                    }
                  >
                    {t('monitor.common.delete')}
                  </Button>,
                ]}
              >
                {file.name}
              </List.Item>
            )}
          />
        ) : null}
      </Form.Item>
    </FormDialog>
  );
}
