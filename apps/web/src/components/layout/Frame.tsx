import { Spin } from 'antd';
import { Suspense, type ReactNode } from 'react';
import { Footer } from '../footer/Footer';
import { Header } from '../header/Header';

export function PageLoading() {
  return (
    <div className="mdc-page-loading" data-testid="page-loading">
      <Spin size="large" />
    </div>
  );
}

/** Header, main, footer: the frame of every page. */
export function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="mdc-app">
      <Header />
      <main id="main" className="mdc-main" data-testid="main">
        <Suspense fallback={<PageLoading />}>{children}</Suspense>
      </main>
      <Footer />
    </div>
  );
}
