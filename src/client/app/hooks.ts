import { useEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation } from 'react-router-dom';
import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from './rootReducer.js';
import { errorsActions } from '../features/errors/errorsSlice.js';
import { NOT_FOUND_MESSAGE } from '../lib/transportErrors.js';

// The store's dispatch: plain actions only (no thunks; sagas do the side effects).
export const useAppDispatch = useDispatch.withTypes<Dispatch<UnknownAction>>();
export const useAppSelector = useSelector.withTypes<RootState>();

/**
 * Dispatches `creator(payload)` when the component mounts and again whenever the payload changes: a page's loads.
 * In a task of its own, right after the one that mounts the component: the sagas start the page's calls there,
 * not inside its first render (a page's render and the start of its four or five calls were one task of 120 to
 * 210 ms while Lighthouse traced the results page). A component gone before then loads nothing.
 */
export function useDispatchOnMount(creator: () => UnknownAction): void;
export function useDispatchOnMount<P>(creator: (payload: P) => UnknownAction, payload: P): void;
export function useDispatchOnMount(creator: (payload?: unknown) => UnknownAction, payload?: unknown): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const load = setTimeout(() => dispatch(payload === undefined ? creator() : creator(payload)), 0);
    return () => clearTimeout(load);
  }, [dispatch, creator, payload]);
}

/** A page whose address names nothing (/my-campaigns/abc) shows the not-found page, as an unknown id does. */
export function useNotFoundWhen(notFound: boolean): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (notFound) dispatch(errorsActions.globalErrorRaised(NOT_FOUND_MESSAGE));
  }, [dispatch, notFound]);
}

/**
 * The error page belongs to the address it was raised on: going to another one ('Volver al inicio', the menu,
 * Back) dismisses it. Dismissing before leaving would show the failed page again for a moment, and it would
 * load, and fail, again.
 */
export function useErrorDismissedOnNavigation(): void {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const hasError = useAppSelector((state) => state.errors.globalError !== null);
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    if (hasError) dispatch(errorsActions.globalErrorDismissed());
  }, [dispatch, pathname, hasError]);
}

/**
 * The tab's title while a component is on screen (null leaves it alone), the previous one back on leaving.
 * Browsers name a printed PDF after it ('Guardar como PDF', page.pdf()).
 */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title === null) return undefined;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
