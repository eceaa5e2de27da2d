import { Card, Col, Row, Statistic } from 'antd';
import { AlertOutlined, ApiOutlined, BulbOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface Props {
  terminals: number;
  online: number;
  alarms: number;
}

export function SummaryCards({ terminals, online, alarms }: Props) {
  const { t } = useTranslation();
  const cards = [
    { key: 'terminals', title: t('dashboard.terminals'), value: terminals, icon: <BulbOutlined />, color: '#1890ff' },
    { key: 'online', title: t('dashboard.online'), value: online, icon: <ApiOutlined />, color: '#11a983' },
    { key: 'alarms', title: t('dashboard.alarms'), value: alarms, icon: <AlertOutlined />, color: '#f5222d' },
  ];
  return (
    <Row gutter={[16, 16]}>
      {cards.map((card) => (
        <Col key={card.key} xs={24} sm={8}>
          <Card data-testid={`summary-${card.key}`}>
            <Statistic title={card.title} value={card.value} prefix={card.icon} styles={{ content: { color: card.color } }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
