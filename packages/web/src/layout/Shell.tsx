import { useQuery } from '@tanstack/react-query';
import { Spin } from 'antd';
import { type CSSProperties, Suspense, useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';
import { getUser } from '../api/user.ts';
import { BANNER_HEIGHT, DEFAULT_TITLE } from '../config.ts';
import { USER_QUERY_KEY } from '../lib/actions.ts';
import { useCommonData } from '../lib/commonData.ts';
import { storeUser, useLoggedIn } from '../lib/session.ts';
import { Banner } from './Banner.tsx';
import { SideNav } from './SideNav.tsx';
import { TopBar } from './TopBar.tsx';

export interface RouteHandle {
  title?: string;
}

function useDocumentTitle(): void {
  const matches = useMatches();
  let title = DEFAULT_TITLE;
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined;
    if (handle?.title) title = handle.title;
  }
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** Fetches the user on start when a token exists, and keeps localStorage `userInfo` in step. */
function useUserOnStart(): void {
  const loggedIn = useLoggedIn();
  const { data } = useQuery({
    queryKey: USER_QUERY_KEY,
    queryFn: getUser,
    enabled: loggedIn,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  useEffect(() => {
    if (data && loggedIn) storeUser(data);
  }, [data, loggedIn]);
}

export function PageFallback() {
  return (
    <div className="page-fallback">
      <Spin size="large" />
    </div>
  );
}

/** Top bar, optional banner, left navigation, and the routed page. */
export function Shell() {
  useDocumentTitle();
  useUserOnStart();
  const { notificationIsShow } = useCommonData();
  const style = { '--banner-offset': `${notificationIsShow ? BANNER_HEIGHT : 0}px` } as CSSProperties;

  return (
    <div className="shell" style={style}>
      <TopBar />
      {notificationIsShow ? <Banner /> : null}
      <SideNav />
      <main className="content">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
