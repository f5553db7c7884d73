import { LockOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/i18n/hooks';
import { passwordProblem, repeatProblem, rule } from '../validation';
import { PasswordRule } from './PasswordRule';

/**
 * A new password, its live rule checklist and its repetition: the fields `password` and
 * `repeatPassword` of the enclosing form (registration, password change, recovery).
 */
export function NewPasswordFields({ labels }: { labels: 'register' | 'change' }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const password = Form.useWatch('password');
  return (
    <>
      <Form.Item label={t(labels === 'register' ? 'auth.password' : 'auth.newPassword')} name="password" rules={[rule((v) => passwordProblem(v, 'new'), locale)]}>
        <Input.Password id="password" name="password" autoComplete="new-password" size="large" prefix={<LockOutlined />} />
      </Form.Item>
      <PasswordRule value={password} />
      <Form.Item
        label={t(labels === 'register' ? 'auth.repeatPassword' : 'auth.repeatNewPassword')}
        name="repeatPassword"
        dependencies={['password']}
        rules={[({ getFieldValue }) => rule((v) => repeatProblem(getFieldValue('password'), v), locale)]}
      >
        <Input.Password id="repeatPassword" name="repeatPassword" autoComplete="new-password" size="large" prefix={<LockOutlined />} />
      </Form.Item>
    </>
  );
}
