/** The help centre: the article named by `:src`, with the list of all articles beside it. */
import { Card, Col, Menu, Result, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useLocaleStore } from '../../app/i18n.ts';
import { PublicFrame } from '../../app/public/PublicFrame.tsx';
import { HELP_ARTICLES, HELP_SLUGS, findHelpArticle, type HelpText } from './articles.ts';

function ArticleBody({ text }: { text: HelpText }) {
  return (
    <Typography>
      <Typography.Title level={2}>{text.title}</Typography.Title>
      <Typography.Paragraph type="secondary">{text.summary}</Typography.Paragraph>
      {text.sections.map((section) => (
        <section key={section.heading}>
          <Typography.Title level={4}>{section.heading}</Typography.Title>
          {section.paragraphs?.map((paragraph) => (
            <Typography.Paragraph key={paragraph}>{paragraph}</Typography.Paragraph>
          ))}
          {section.steps ? (
            <ol>
              {section.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          ) : null}
        </section>
      ))}
    </Typography>
  );
}

export default function HelpPage() {
  const { src } = useParams();
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const navigate = useNavigate();
  const article = findHelpArticle(src);

  return (
    <PublicFrame wide>
      <Row gutter={[20, 20]}>
        <Col xs={24} md={7}>
          <Card title={t('help.articles')} size="small">
            <Menu
              mode="inline"
              selectedKeys={src ? [src] : []}
              style={{ borderInlineEnd: 'none' }}
              items={HELP_SLUGS.map((slug) => ({ key: slug, label: HELP_ARTICLES[slug][locale].title }))}
              onClick={({ key }) => void navigate(`/help/${key}`)}
            />
          </Card>
        </Col>
        <Col xs={24} md={17}>
          <Card>
            {article ? (
              <ArticleBody text={article[locale]} />
            ) : (
              <Result status="404" title={t('help.notFound')} subTitle={t('help.notFoundHint')} />
            )}
          </Card>
        </Col>
      </Row>
    </PublicFrame>
  );
}
