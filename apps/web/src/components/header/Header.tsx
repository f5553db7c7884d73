import { CloseOutlined, MenuOutlined, SearchOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { SearchBox } from '../../features/search/components/SearchBox';
import { useAuth } from '../../lib/auth/session';
import { useLocale } from '../../lib/i18n/hooks';
import { loginUrl } from '../../lib/redirect';
import { useIsMobile, useScrolledPastHeader } from '../../lib/viewport';
import { MobileDrawer } from '../drawer/MobileDrawer';
import { LocaleNavLink } from '../LocaleLink';
import { Logo } from './Logo';
import { mainNav } from './nav-items';
import { UserMenu } from './UserMenu';
import './header.css';

export function Header() {
  const { t } = useTranslation();
  const { token } = useAuth();
  const locale = useLocale();
  const location = useLocation();
  const fixed = useScrolledPastHeader();
  const mobile = useIsMobile();
  const [searchOpen, setSearchOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const searchRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Close the search box on any click outside it (its suggestions render inside it).
  useEffect(() => {
    if (!searchOpen) return undefined;
    const onPointer = (event: MouseEvent | TouchEvent) => {
      const target = event.target as Node | null;
      if (!target || searchRef.current?.contains(target) || toggleRef.current?.contains(target)) return;
      setSearchOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setSearchOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('touchstart', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('touchstart', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [searchOpen]);

  useEffect(() => {
    if (!mobile) setDrawerOpen(false);
  }, [mobile]);

  const onLoginPage = /\/login$/.test(location.pathname);
  const here = location.pathname + location.search;

  return (
    <>
      {/* Keeps the page from jumping up when the header leaves the flow. */}
      <div className="mdc-header-spacer" aria-hidden style={{ height: fixed ? 'var(--mdc-header-h)' : 0 }} />
      <header className={`mdc-header${fixed ? ' is-fixed' : ''}`} data-testid="header" data-fixed={fixed ? 'true' : 'false'}>
        <div className="mdc-container mdc-header__inner">
          <Logo />
          <nav className="mdc-header__nav" aria-label={t('nav.mainNav')}>
            {mainNav.map((item) => (
              <LocaleNavLink key={item.key} to={item.path} className="mdc-header__link" data-testid={`nav-${item.key}`}>
                {t(`nav.${item.key}`)}
              </LocaleNavLink>
            ))}
          </nav>
          <div className="mdc-header__actions">
            <button
              ref={toggleRef}
              type="button"
              className={`mdc-icon-button${searchOpen ? ' is-active' : ''}`}
              data-testid="search-toggle"
              aria-expanded={searchOpen}
              aria-label={searchOpen ? t('header.searchClose') : t('header.searchToggle')}
              onClick={() => setSearchOpen((open) => !open)}
            >
              {searchOpen ? <CloseOutlined /> : <SearchOutlined />}
            </button>
            {token ? (
              <div className="mdc-header__desktop">
                <UserMenu />
              </div>
            ) : (
              !onLoginPage && (
                <Link to={loginUrl(locale, here)} className="mdc-header__login mdc-header__desktop" data-testid="login-link">
                  {t('header.login')}
                </Link>
              )
            )}
            <button
              type="button"
              className="mdc-icon-button mdc-header__mobile"
              data-testid="drawer-button"
              aria-label={t('nav.menu')}
              aria-expanded={drawerOpen}
              onClick={() => setDrawerOpen(true)}
            >
              <MenuOutlined />
            </button>
          </div>
        </div>
        {searchOpen && (
          <div className="mdc-header__search" ref={searchRef} data-testid="search-panel">
            <div className="mdc-container">
              <SearchBox autoFocus size={mobile ? 'middle' : 'large'} popupContainer={searchRef} onSearched={() => setSearchOpen(false)} />
            </div>
          </div>
        )}
      </header>
      <MobileDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
    </>
  );
}
