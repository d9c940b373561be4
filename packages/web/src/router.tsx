import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router';
import { registerNavigator } from './api/http.ts';
import { RouteError } from './layout/RouteError.tsx';
import { type RouteHandle, Shell } from './layout/Shell.tsx';
import { isMobileDevice } from './lib/device.ts';
import { BASENAME } from './lib/paths.ts';

type Page = LazyExoticComponent<ComponentType>;

const Home = lazy(() => import('./pages/Home.tsx'));
const Login = lazy(() => import('./pages/Login.tsx'));
const Register = lazy(() => import('./pages/Register.tsx'));
const Activation = lazy(() => import('./pages/Activation.tsx'));
const ForgetPwd = lazy(() => import('./pages/ForgetPwd.tsx'));
const DomeIndex = lazy(() => import('./pages/DomeIndex.tsx'));
const SqlConfig = lazy(() => import('./pages/SqlConfig.tsx'));
const XmlConfig = lazy(() => import('./pages/XmlConfig.tsx'));
const Task = lazy(() => import('./pages/Task.tsx'));
const SqlResult = lazy(() => import('./pages/SqlResult.tsx'));
const MbSqlResult = lazy(() => import('./pages/MbSqlResult.tsx'));
const XmlResult = lazy(() => import('./pages/XmlResult.tsx'));
const MbXmlResult = lazy(() => import('./pages/MbXmlResult.tsx'));
const Subscribe = lazy(() => import('./pages/Subscribe.tsx'));
const Unsubscribe = lazy(() => import('./pages/Unsubscribe.tsx'));
const Checkout = lazy(() => import('./pages/Checkout.tsx'));
const ChangePassword = lazy(() => import('./pages/ChangePassword.tsx'));

/** Sends phones and tablets to the mobile result page and desktops to the desktop one, keeping the query string. */
function DeviceRedirect({ device, to, children }: { device: 'mobile' | 'desktop'; to: string; children: ReactNode }) {
  const location = useLocation();
  const mobile = isMobileDevice();
  if ((device === 'mobile') === mobile) {
    return <Navigate replace to={{ pathname: to, search: location.search, hash: location.hash }} />;
  }
  return children;
}

function route(
  path: string,
  Component: Page,
  extra: Partial<RouteObject> & { handle?: RouteHandle } = {},
): RouteObject {
  return { path, element: <Component />, ...extra } as RouteObject;
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Shell />,
    errorElement: <RouteError />,
    children: [
      { index: true, id: 'index', element: <Home /> },
      route('login', Login, { id: 'Login' }),
      route('login/register', Register),
      route('login/activation', Activation),
      route('login/forget-pwd', ForgetPwd),
      route('domeIndex', DomeIndex),
      route('sqlConfig', SqlConfig),
      route('sql-query-optimizer', SqlConfig),
      route('xmlConfig', XmlConfig, { handle: { title: 'xmlConfig' } }),
      route('task', Task),
      {
        path: 'sqlResult',
        element: (
          <DeviceRedirect device="mobile" to="/mbsqlResult">
            <SqlResult />
          </DeviceRedirect>
        ),
      },
      {
        path: 'xmlResult',
        handle: { title: 'xmlResult' } satisfies RouteHandle,
        element: (
          <DeviceRedirect device="mobile" to="/mbxmlResult">
            <XmlResult />
          </DeviceRedirect>
        ),
      },
      {
        path: 'mbsqlResult',
        element: (
          <DeviceRedirect device="desktop" to="/sqlResult">
            <MbSqlResult />
          </DeviceRedirect>
        ),
      },
      {
        path: 'mbxmlResult',
        element: (
          <DeviceRedirect device="desktop" to="/xmlResult">
            <MbXmlResult />
          </DeviceRedirect>
        ),
      },
      route('subscribe', Subscribe),
      route('unsubscribe', Unsubscribe),
      route('checkout', Checkout),
      route('account/password', ChangePassword),
      { path: '*', element: <Navigate replace to="/" /> },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: BASENAME });

registerNavigator((to) => {
  void router.navigate(to);
});
