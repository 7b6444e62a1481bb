import React, { lazy, Suspense, useContext, useEffect, useState } from 'react';
import { ConfigContext } from 'antd/es/config-provider/context';
import useAppStyle from 'antd/es/app/style';
import type { MessageInstance } from 'antd/es/message/interface';
import type { ModalStaticFunctions } from 'antd/es/modal/confirm';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { ConfigOptions as MessageConfig } from 'antd/es/message/interface';

/**
 * Toasts, confirms and notifications that follow the chosen theme. Inside the app they come
 * from <FeedbackApp>'s holders (the same as antd's <App>: its root element and style, then the
 * modal, message and notification holders). The holders are in their own chunk, mounted on the
 * first call, so the entry and the /login route carry no Modal, message or notification code;
 * that first call waits for them. Without <FeedbackApp> (tests) antd's static functions serve
 * the calls, loaded on first use.
 */
type ModalApi = Omit<ModalStaticFunctions, 'warn'>;
export interface FeedbackApis {
  message: MessageInstance;
  modal: ModalApi;
  notification: NotificationInstance;
}

let bound: FeedbackApis | undefined;
let statics: FeedbackApis | undefined;
let hostWanted = false;
let holdersAsked = false;
let askHolders: (() => void) | undefined;
let hostReady: (() => void) | undefined;
const hostUp = new Promise<void>((r) => (hostReady = r));
let staticsLoading: Promise<void> | undefined;

const loadHost = () => import('./feedbackHost');

/** Mounts the holders ahead of a first call (the main layout does, once it is up). */
export function warmFeedback() {
  if (!hostWanted || bound) return;
  holdersAsked = true;
  askHolders?.();
}

/** Called by the holders once they are mounted (src/utils/feedbackHost.tsx). */
export function bindFeedback(apis: FeedbackApis) {
  bound = apis;
  hostReady?.();
}

function ready(): Promise<void> {
  if (hostWanted) {
    holdersAsked = true;
    askHolders?.();
    return hostUp;
  }
  staticsLoading ??= loadHost().then((m) => {
    statics = m.staticFeedback;
  });
  return staticsLoading;
}

function facade<K extends keyof FeedbackApis>(key: K): FeedbackApis[K] {
  return new Proxy({} as FeedbackApis[K], {
    get: (_t, k) => {
      const now = bound?.[key] ?? statics?.[key];
      if (now) return (now as any)[k];
      // not loaded yet: run the call when it is (no caller uses the return value before then)
      return (...args: unknown[]) => {
        void ready().then(() => ((bound?.[key] ?? statics?.[key]) as any)[k](...args));
      };
    },
  });
}

export const message: MessageInstance = facade('message');
export const modal: ModalApi = facade('modal');
export const notification: NotificationInstance = facade('notification');

const Holders = lazy(loadHost);

/**
 * antd's <App> without its hooks in the entry: the same root element (class ant-app, the base
 * text style), with the feedback holders before the children once a call asks for them.
 */
export function FeedbackApp({ message: messageConfig, children }: { message?: MessageConfig; children?: React.ReactNode }) {
  hostWanted = true;
  const [on, setOn] = useState(holdersAsked);
  useEffect(() => {
    askHolders = () => setOn(true);
    if (holdersAsked) setOn(true);
    return () => {
      askHolders = undefined;
    };
  }, []);
  const { getPrefixCls, direction } = useContext(ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [wrapCSSVar, hashId, cssVarCls] = useAppStyle(prefixCls);
  return wrapCSSVar(
    React.createElement(
      'div',
      { className: [hashId, prefixCls, cssVarCls, direction === 'rtl' && `${prefixCls}-rtl`].filter(Boolean).join(' ') },
      on && React.createElement(Suspense, { fallback: null }, React.createElement(Holders, { message: messageConfig })),
      children,
    ),
  );
}
