import { CheckCircleOutlined, CloseCircleOutlined, SyncOutlined } from '@ant-design/icons';
import type { TaskState } from '@sqltune/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** In Progress blue with a spinner, Failed red, Completed green. */
export function TaskStateTag({ state }: { state: TaskState }) {
  const { t } = useTranslation();
  if (state === 'In Progress') {
    return (
      <Tag color="processing" icon={<SyncOutlined spin />} data-state="in-progress">
        {t('task.stateInProgress')}
      </Tag>
    );
  }
  if (state === 'Failed') {
    return (
      <Tag color="error" icon={<CloseCircleOutlined />} data-state="failed">
        {t('task.stateFailed')}
      </Tag>
    );
  }
  return (
    <Tag color="success" icon={<CheckCircleOutlined />} data-state="completed">
      {t('task.stateCompleted')}
    </Tag>
  );
}
