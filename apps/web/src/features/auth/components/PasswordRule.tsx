import { CheckCircleFilled, CloseCircleOutlined } from '@ant-design/icons';
import { checkPassword, type PasswordCheck } from '@mdc/contracts';
import { useTranslation } from 'react-i18next';

const order: (keyof PasswordCheck)[] = ['length', 'upper', 'lower', 'digit', 'special'];

/** The password rule, checked live as the user types; the same rule the server enforces. */
export function PasswordRule({ value }: { value: string | undefined }) {
  const { t } = useTranslation();
  const check = checkPassword(value ?? '');
  return (
    <div className="mdc-password-rule" data-testid="password-rule" aria-live="polite">
      <span className="mdc-password-rule__title">{t('auth.passwordRuleTitle')}</span>
      <ul>
        {order.map((key) => (
          <li key={key} className={check[key] ? 'is-ok' : undefined} data-rule={key} data-ok={check[key] ? 'true' : 'false'}>
            {check[key] ? <CheckCircleFilled aria-hidden /> : <CloseCircleOutlined aria-hidden />}
            <span>{t(`auth.rule.${key}`)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
