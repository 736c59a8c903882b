/**
 * The article editor: an editable area with a small toolbar (headings, bold, italic, lists, links,
 * images). Images are uploaded to the file store and inserted by their address; what is typed or
 * pasted is HTML that the server sanitises on save. The editor keeps its own DOM while it is open
 * and reports the HTML on every change.
 */
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { isSafeUrl } from '@lyyp/contracts';
import { App, Button, Space, Tooltip, Upload } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { knowledgeApi } from '../../api/knowledge.api.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';

export interface RichTextEditorProps {
  /** The HTML the editor opens with (read once). */
  initialHtml: string;
  onChange: (html: string) => void;
}

/** A toolbar button that keeps the editor's selection (it acts on mouse-up, never takes the focus). */
function ToolButton({ name, icon, onClick }: { name: string; icon: ReactNode; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t(`knowledge.editor.${name}`)}>
      <Button
        size="small"
        icon={icon}
        aria-label={t(`knowledge.editor.${name}`)}
        data-testid={`knowledge-tool-${name}`}
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
}

export function RichTextEditor({ initialHtml, onChange }: RichTextEditorProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const describeFailure = useDescribeFailure();
  const area = useRef<HTMLDivElement>(null);
  const selection = useRef<Range | null>(null);

  useEffect(() => {
    // The server's sanitised HTML (or a new article's empty body) becomes the editable content once.
    if (area.current) area.current.innerHTML = initialHtml;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once, the editor owns its DOM after
  }, []);

  const report = () => onChange(area.current?.innerHTML ?? '');
  const remember = () => {
    const current = window.getSelection();
    if (current && current.rangeCount > 0 && area.current?.contains(current.anchorNode)) {
      selection.current = current.getRangeAt(0).cloneRange();
    }
  };
  const restore = () => {
    area.current?.focus();
    const current = window.getSelection();
    if (selection.current && current) {
      current.removeAllRanges();
      current.addRange(selection.current);
    }
  };
  // execCommand is the one editing API every browser still ships for contenteditable areas.
  const run = (command: string, value?: string) => {
    restore();
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- no replacement exists yet
    document.execCommand(command, false, value);
    remember();
    report();
  };

  const insertLink = () => {
    remember();
    let address = '';
    modal.confirm({
      title: t('knowledge.editor.linkPrompt'),
      content: (
        <input
          data-testid="knowledge-link-input"
          style={{ width: '100%' }}
          onChange={(event) => {
            address = event.target.value.trim();
          }}
        />
      ),
      onOk: () => {
        if (!address) return;
        if (!isSafeUrl(address)) {
          void message.error(t('knowledge.editor.unsafeLink'));
          return;
        }
        run('createLink', address);
      },
    });
  };

  const insertImage = async (file: File) => {
    remember();
    try {
      const uploaded = await knowledgeApi.uploadImage(file);
      run('insertImage', uploaded.url);
    } catch (error) {
      void message.error(describeFailure(error));
    }
  };

  return (
    <div style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <Space wrap size={4} style={{ padding: 6, borderBottom: '1px solid #f0f0f0' }}>
        <Button
          size="small"
          data-testid="knowledge-tool-heading"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => run('formatBlock', 'h3')}
        >
          {t('knowledge.editor.heading')}
        </Button>
        <ToolButton name="bold" icon={<BoldOutlined />} onClick={() => run('bold')} />
        <ToolButton name="italic" icon={<ItalicOutlined />} onClick={() => run('italic')} />
        <ToolButton
          name="bullets"
          icon={<UnorderedListOutlined />}
          onClick={() => run('insertUnorderedList')}
        />
        <ToolButton name="numbers" icon={<OrderedListOutlined />} onClick={() => run('insertOrderedList')} />
        <ToolButton name="link" icon={<LinkOutlined />} onClick={insertLink} />
        <Upload
          accept=".jpg,.jpeg,.png,.gif,.svg,.ico"
          showUploadList={false}
          beforeUpload={(file) => {
            void insertImage(file);
            return false;
          }}
        >
          <Tooltip title={t('knowledge.editor.image')}>
            <Button
              size="small"
              icon={<PictureOutlined />}
              aria-label={t('knowledge.editor.image')}
              data-testid="knowledge-tool-image"
              onMouseDown={(event) => {
                remember();
                event.preventDefault();
              }}
            />
          </Tooltip>
        </Upload>
      </Space>
      <div
        ref={area}
        role="textbox"
        aria-multiline="true"
        aria-label={t('knowledge.fields.body')}
        data-testid="knowledge-editor"
        contentEditable
        suppressContentEditableWarning
        onInput={report}
        onBlur={report}
        onKeyUp={remember}
        onMouseUp={remember}
        style={{ minHeight: 220, maxHeight: 480, overflow: 'auto', padding: '8px 12px', outline: 'none' }}
      />
    </div>
  );
}
