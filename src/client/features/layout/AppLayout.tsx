import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { Button, Dropdown, Offcanvas } from 'react-bootstrap';
import { List } from '../../components/icons.js';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { headerTitleId, PATHS } from '../../app/paths.js';
import { selectMustChangePassword, selectUser } from '../auth/authSelectors.js';
import { can } from '../../../shared/permissions.js';
import { isRole } from '../../../shared/roles.js';
import { LanguageSelect } from '../locale/LanguageSelect.js';
import { layoutActions } from './layoutSlice.js';
import { MENU_ITEMS } from './menu.js';
import { LegalLinks } from './LegalLinks.js';
import { RouteProgressBar } from './RouteProgressBar.js';

function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const role = useAppSelector((state) => state.auth.user?.role);
  // A user who must change a temporary password can go nowhere else yet (guards.tsx): no menu to offer.
  const forced = useAppSelector(selectMustChangePassword);
  const items = forced ? [] : MENU_ITEMS.filter((item) => item.actions.some((action) => can(role, action)));
  return (
    <nav aria-labelledby="side-menu-label">
      <FormattedMessage id="MENU.LABEL">
        {(text) => (
          <h2 id="side-menu-label" className="visually-hidden">
            {text}
          </h2>
        )}
      </FormattedMessage>
      <ul className="nav nav-pills flex-column gap-1">
        {items.map((item) => (
          <li className="nav-item" key={item.path}>
            <NavLink to={item.path} className="nav-link" onClick={onNavigate}>
              <item.icon aria-hidden="true" className="me-2" />
              <FormattedMessage id={item.id} />
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The user panel: e-mail, role label, language, 'Cambiar contraseña', 'Privacidad y mis datos' and sign-out; opened from the avatar. */
function UserPanel() {
  const user = useAppSelector(selectUser);
  const intl = useIntl();
  if (!user) return null;
  const roleId = isRole(user.role) ? `ROLES.${user.role}` : 'ROLES.UNKNOWN';
  return (
    <Dropdown align="end">
      <Dropdown.Toggle variant="light" className="d-flex align-items-center gap-2 border" aria-label={intl.formatMessage({ id: 'USER_PANEL.OPEN' })}>
        <span className="avatar" aria-hidden="true">
          {user.email.charAt(0).toUpperCase()}
        </span>
      </Dropdown.Toggle>
      <Dropdown.Menu className="p-3 user-panel">
        <p className="fw-semibold mb-0 text-break" data-testid="user-email">
          {user.email}
        </p>
        <p className="text-body-secondary small mb-3" data-testid="user-role">
          <FormattedMessage id={roleId} />
        </p>
        <LanguageSelect />
        <Dropdown.Divider />
        {/* A dropdown item (the panel closes on it), drawn as a button like 'Cerrar sesión'. */}
        <Dropdown.Item as={NavLink} to={PATHS.changePassword} bsPrefix="btn" className="btn-outline-secondary btn-sm w-100 mb-2">
          <FormattedMessage id="USER_PANEL.CHANGE_PASSWORD" />
        </Dropdown.Item>
        <Dropdown.Item as={NavLink} to={PATHS.privacy} bsPrefix="btn" className="btn-outline-secondary btn-sm w-100 mb-2">
          <FormattedMessage id="USER_PANEL.PRIVACY" />
        </Dropdown.Item>
        <NavLink to={PATHS.logout} className="btn btn-outline-danger btn-sm w-100">
          <FormattedMessage id="USER_PANEL.SIGN_OUT" />
        </NavLink>
      </Dropdown.Menu>
    </Dropdown>
  );
}

/** The signed-in frame: header with title and user panel, side menu, progress bar and the page. */
export function AppLayout() {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const [menuOpen, setMenuOpen] = useState(false);
  // A user who must change a temporary password has no menu yet (SideMenu): no button to open it on a phone.
  const forced = useAppSelector(selectMustChangePassword);
  useEffect(() => {
    dispatch(layoutActions.routeChanged());
  }, [pathname, dispatch]);

  return (
    <div className="app-shell">
      <a className="visually-hidden-focusable skip-link" href="#main-content">
        <FormattedMessage id="APP.SKIP_TO_CONTENT" />
      </a>
      <RouteProgressBar />
      <header className="app-header navbar bg-white border-bottom px-3">
        <div className="d-flex align-items-center gap-2">
          {!forced && (
            <Button
              variant="outline-secondary"
              size="sm"
              className="d-lg-none touch-target"
              aria-label={intl.formatMessage({ id: 'MENU.TOGGLE' })}
              onClick={() => setMenuOpen(true)}
            >
              <List aria-hidden="true" />
            </Button>
          )}
          <span className="app-brand d-none d-sm-inline">
            <FormattedMessage id="APP.TITLE" />
          </span>
          <h1 className="h5 mb-0 app-title">
            <FormattedMessage id={headerTitleId(pathname)} />
          </h1>
        </div>
        <UserPanel />
      </header>
      <div className="app-body">
        <aside className="app-sidebar d-none d-lg-block border-end bg-white p-3">
          <SideMenu />
          <LegalLinks className="mt-4 pt-3 border-top" />
        </aside>
        <Offcanvas show={menuOpen} onHide={() => setMenuOpen(false)} className="d-lg-none">
          <Offcanvas.Header closeButton closeLabel={intl.formatMessage({ id: 'COMMON.CLOSE' })}>
            <Offcanvas.Title>
              <FormattedMessage id="APP.TITLE" />
            </Offcanvas.Title>
          </Offcanvas.Header>
          <Offcanvas.Body>
            <SideMenu onNavigate={() => setMenuOpen(false)} />
            <LegalLinks className="mt-4 pt-3 border-top" />
          </Offcanvas.Body>
        </Offcanvas>
        <main id="main-content" className="app-main p-3 p-md-4" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
