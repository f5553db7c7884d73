import {
  AppstoreOutlined,
  DatabaseOutlined,
  ExperimentOutlined,
  HomeOutlined,
  KeyOutlined,
  LoginOutlined,
  LogoutOutlined,
  NodeIndexOutlined,
  UserAddOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Collapse, Drawer } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useLogout } from '../../features/auth/use-logout';
import { useAuth } from '../../lib/auth/session';
import { loginUrl } from '../../lib/redirect';
import { useLocale } from '../../lib/i18n/hooks';
import { LanguageSwitcher } from '../LanguageSwitcher';
import { LocaleLink, LocaleNavLink } from '../LocaleLink';
import { LogoMark } from '../header/Logo';
import { changePasswordPath } from '../header/nav-items';

const icons: Record<string, ReactNode> = {
  resource: <DatabaseOutlined />,
  lab: <ExperimentOutlined />,
  blast: <NodeIndexOutlined />,
};

export function MobileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { token, email } = useAuth();
  const locale = useLocale();
  const location = useLocation();
  const logout = useLogout();
  const here = location.pathname + location.search;

  const link = (to: string, icon: ReactNode, label: string, testId: string) => (
    <LocaleNavLink to={to} end={to === '/'} className="mdc-drawer__link" onClick={onClose} data-testid={testId}>
      {icon}
      <span>{label}</span>
    </LocaleNavLink>
  );

  const profile = token ? (
    <div className="mdc-drawer__list">
      {link('/blast/hist', <NodeIndexOutlined />, t('header.blastHist'), 'drawer-blast-hist')}
      {link('/lab/hist', <ExperimentOutlined />, t('header.labHist'), 'drawer-lab-hist')}
      <LocaleLink to={changePasswordPath(here, email)} className="mdc-drawer__link" onClick={onClose} data-testid="drawer-change-password">
        <KeyOutlined />
        <span>{t('header.changePassword')}</span>
      </LocaleLink>
      <button
        type="button"
        className="mdc-drawer__link mdc-drawer__link--danger"
        data-testid="drawer-logout"
        onClick={() => {
          onClose();
          void logout();
        }}
      >
        <LogoutOutlined />
        <span>{t('header.logout')}</span>
      </button>
    </div>
  ) : (
    <div className="mdc-drawer__list">
      <Link to={loginUrl(locale, here)} className="mdc-drawer__link" data-testid="drawer-login" onClick={onClose}>
        <LoginOutlined />
        <span>{t('header.login')}</span>
      </Link>
      {link('/register', <UserAddOutlined />, t('header.register'), 'drawer-register')}
    </div>
  );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="right"
      width={300}
      destroyOnHidden
      rootClassName="mdc-drawer"
      title={
        <span className="mdc-drawer__title">
          <LogoMark size={24} /> {t('site.name')}
        </span>
      }
    >
      <div data-testid="drawer" className="mdc-drawer__body">
        <nav aria-label={t('nav.mainNav')} className="mdc-drawer__list">
          {link('/', <HomeOutlined />, t('nav.home'), 'drawer-home')}
          {link('/resource', icons.resource, t('nav.resource'), 'drawer-resource')}
          {link('/lab', icons.lab, t('nav.lab'), 'drawer-lab')}
          {link('/blast', icons.blast, t('nav.blast'), 'drawer-blast')}
          {link('/search', <AppstoreOutlined />, t('nav.search'), 'drawer-search')}
        </nav>
        <div data-testid="drawer-profile">
        <Collapse
          className="mdc-drawer__profile"
          ghost
          defaultActiveKey={token ? [] : ['profile']}
          items={[
            {
              key: 'profile',
              label: (
                <span className="mdc-drawer__who">
                  <UserOutlined />
                  <span>{token ? email || t('header.profile') : t('header.anonymous')}</span>
                </span>
              ),
              children: profile,
            },
          ]}
        />
        </div>
        <div className="mdc-drawer__footer">
          <span className="mdc-drawer__label">{t('header.language')}</span>
          <LanguageSwitcher testId="drawer-lang-switch" />
        </div>
      </div>
    </Drawer>
  );
}
