import { DownOutlined, ExperimentOutlined, KeyOutlined, LogoutOutlined, NodeIndexOutlined, UserOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useLogout } from '../../features/auth/use-logout';
import { useAuth } from '../../lib/auth/session';
import { useLocalePath } from '../../lib/i18n/hooks';
import { changePasswordPath } from './nav-items';

export function UserMenu() {
  const { t } = useTranslation();
  const { email } = useAuth();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const location = useLocation();
  const logout = useLogout();
  const here = location.pathname + location.search;

  const items: MenuProps['items'] = [
    {
      key: 'who',
      type: 'group',
      label: (
        <span className="mdc-user-menu__who">
          {t('header.signedInAs')}
          <strong>{email}</strong>
        </span>
      ),
    },
    { type: 'divider' },
    { key: 'blastHist', icon: <NodeIndexOutlined />, label: <span data-testid="user-menu-blast-hist">{t('header.blastHist')}</span> },
    { key: 'labHist', icon: <ExperimentOutlined />, label: <span data-testid="user-menu-lab-hist">{t('header.labHist')}</span> },
    { key: 'password', icon: <KeyOutlined />, label: <span data-testid="user-menu-change-password">{t('header.changePassword')}</span> },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, danger: true, label: <span data-testid="logout">{t('header.logout')}</span> },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'blastHist') navigate(lp('/blast/hist'));
    else if (key === 'labHist') navigate(lp('/lab/hist'));
    else if (key === 'password') navigate(lp(changePasswordPath(here, email)));
    else if (key === 'logout') void logout();
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight" overlayClassName="mdc-user-menu">
      <button type="button" className="mdc-user-button" data-testid="user-menu" aria-label={t('header.account')}>
        <span className="mdc-user-button__avatar">
          <UserOutlined />
        </span>
        <span className="mdc-user-button__email">{email}</span>
        <DownOutlined className="mdc-user-button__caret" />
      </button>
    </Dropdown>
  );
}
