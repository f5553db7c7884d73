import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLocalePath } from './i18n/hooks';

/** Back to the previous page of this visit, or home when the visit started here. */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const lp = useLocalePath();
  return useCallback(() => {
    // The data router stores its own history index in `history.state.idx`.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(lp('/'));
  }, [navigate, lp]);
}
