import type { ComponentType } from 'react';
import type { RouteName } from '@mdc/contracts';
import { CantFoundPage } from '../features/errors/CantFoundPage';
import { ServerErrorPage } from '../features/errors/ServerErrorPage';
import { lazyPage } from '../lib/lazy-page';

type Page = ComponentType;

const home = lazyPage(() => import('../features/home/HomePage'));

/** One page component per route name (lazy chunks, except the error pages); the compiler checks that no route is left without a page. */
export const pages: Record<RouteName, Page> = {
  root: home,
  home,
  login: lazyPage(() => import('../features/auth/pages/LoginPage')),
  register: lazyPage(() => import('../features/auth/pages/RegisterPage')),
  'register-sended': lazyPage(() => import('../features/auth/pages/RegisterSendedPage')),
  'register-verify': lazyPage(() => import('../features/auth/pages/RegisterVerifyPage')),
  forgotPassword: lazyPage(() => import('../features/auth/pages/ForgotPasswordPage')),
  'forgotPassword-sended': lazyPage(() => import('../features/auth/pages/ForgotSendedPage')),
  'forgotPassword-verify': lazyPage(() => import('../features/auth/pages/ForgotVerifyPage')),
  'forgotPassword-recover': lazyPage(() => import('../features/auth/pages/RecoverPasswordPage')),
  updatePassword: lazyPage(() => import('../features/auth/pages/UpdatePasswordPage')),
  resource: lazyPage(() => import('../features/resource/pages/ResourcePage')),
  'resource-atb': lazyPage(() => import('../features/resource/pages/AntibioticsPage')),
  'resource-atb-detail': lazyPage(() => import('../features/resource/pages/AntibioticDetailPage')),
  'resource-bp': lazyPage(() => import('../features/resource/pages/BreakpointsPage')),
  'resource-er': lazyPage(() => import('../features/resource/pages/ExpertRulesPage')),
  'resource-taxon': lazyPage(() => import('../features/resource/pages/TaxonomyPage')),
  'resource-taxon-detail': lazyPage(() => import('../features/resource/pages/TaxonDetailPage')),
  'resource-genes': lazyPage(() => import('../features/resource/pages/GenesPage')),
  'resource-genes-detail': lazyPage(() => import('../features/resource/pages/GenePage')),
  'resource-references': lazyPage(() => import('../features/resource/pages/FlaggedReferencesPage')),
  search: lazyPage(() => import('../features/search/SearchPage')),
  lab: lazyPage(() => import('../features/lab/pages/LabPage')),
  'lab-hist': lazyPage(() => import('../features/lab/pages/LabHistoryPage')),
  'lab-res': lazyPage(() => import('../features/lab/pages/LabResultPage')),
  'lab-antibiogram': lazyPage(() => import('../features/lab/antibiogram/AntibiogramPage')),
  blast: lazyPage(() => import('../features/blast/pages/BlastPage')),
  'blast-hist': lazyPage(() => import('../features/blast/pages/BlastHistoryPage')),
  'blast-res': lazyPage(() => import('../features/blast/pages/BlastResultPage')),
  'blast-ms-library': lazyPage(() => import('../features/blast/proteome/LibraryPage')),
  atb: lazyPage(() => import('../features/atb/AtbLookupPage')),
  bk: lazyPage(() => import('../features/bk/BreakpointLookupPage')),
  // Error pages are in the main bundle: they must show even when chunks cannot be loaded.
  '404': CantFoundPage,
  '500': ServerErrorPage,
};
