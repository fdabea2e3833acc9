import type { ReactElement } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { appointmentRoutes } from '@bb/contracts';
import { AppointmentsPage } from './appointments/AppointmentsPage';
import { SecurityPage } from './account/SecurityPage';
import { AuditPage } from './audit/AuditPage';
import { RoleGate } from './auth/access';
import { InvitationPage } from './auth/InvitationPage';
import { LoginPage } from './auth/LoginPage';
import { RequireAuth } from './auth/RequireAuth';
import { NewsDetailPage } from './catalog/NewsDetailPage';
import { NewsPage } from './catalog/NewsPage';
import { PackagesPage } from './catalog/PackagesPage';
import { PortfolioPage } from './catalog/PortfolioPage';
import { ResultDetailPage } from './catalog/ResultDetailPage';
import { ResultsPage } from './catalog/ResultsPage';
import { StaffPage } from './catalog/StaffPage';
import { TreatmentDetailPage } from './catalog/TreatmentDetailPage';
import { TreatmentsPage } from './catalog/TreatmentsPage';
import { ChatApiPage } from './chat/ChatApiPage';
import { ChatPage } from './chat/ChatPage';
import { DepositsPage } from './deposits/DepositsPage';
import { HomePage } from './HomePage';
import { AdminLayout } from './layout/AdminLayout';
import { MaintenanceLayout } from './layout/MaintenanceLayout';
import { NotFoundPage } from './NotFoundPage';
import { NotificationsPage } from './notifications/NotificationsPage';
import { PaymentsPage } from './payments/PaymentsPage';
import { PrivacyPage } from './privacy/PrivacyPage';
import { ReportsPage } from './reports/ReportsPage';
import { ResourcesPage } from './resources/ResourcesPage';
import { SettingsPage } from './settings/SettingsPage';
import { SubscribersPage } from './subscribers/SubscribersPage';
import { UsersPage } from './users/UsersPage';
import { menuEntry, type MenuKey } from './domain/menu';

/** A screen of the menu, shown only to a role that may call the route it is about. */
const gated = (key: MenuKey, element: ReactElement) => <RoleGate route={menuEntry(key).route}>{element}</RoleGate>;

/** /admin/*: the login screen and the older console (paths relative to /admin). */
function AdminRoutes() {
  return (
    <Routes>
      <Route path="login" element={<LoginPage />} />
      <Route index element={<Navigate to="/maintenance" replace />} />
      <Route
        element={
          <RequireAuth>
            <AdminLayout />
          </RequireAuth>
        }
      >
        <Route path="appointments" element={gated('appointments', <AppointmentsPage deleteRoute={appointmentRoutes.removeOlder} />)} />
        <Route path="email-subscribers" element={gated('email-subscribers', <SubscribersPage />)} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

/** /maintenance/*: every screen of the console (paths relative to /maintenance). */
function MaintenanceRoutes() {
  return (
    <Routes>
      <Route path="invite/:token" element={<InvitationPage />} />
      <Route
        element={
          <RequireAuth>
            <MaintenanceLayout />
          </RequireAuth>
        }
      >
        <Route index element={<HomePage />} />
        <Route path="security" element={<SecurityPage />} />
        <Route path="packages" element={gated('packages', <PackagesPage />)} />
        <Route path="portfolio" element={gated('portfolio', <PortfolioPage />)} />
        {/* The spec keeps these older detail addresses: they open the treatment and result screens. */}
        <Route path="packages/:id" element={gated('packages', <TreatmentDetailPage />)} />
        <Route path="portfolio/:id" element={gated('portfolio', <ResultDetailPage />)} />
        <Route path="news" element={gated('news', <NewsPage />)} />
        <Route path="news/:id" element={gated('news', <NewsDetailPage />)} />
        <Route path="treatments" element={gated('treatments', <TreatmentsPage />)} />
        <Route path="treatments/:id" element={gated('treatments', <TreatmentDetailPage />)} />
        <Route path="results" element={gated('results', <ResultsPage />)} />
        <Route path="results/:id" element={gated('results', <ResultDetailPage />)} />
        <Route path="staff" element={gated('staff', <StaffPage />)} />
        <Route path="resources" element={gated('resources', <ResourcesPage />)} />
        <Route path="appointments" element={gated('appointments', <AppointmentsPage deleteRoute={appointmentRoutes.remove} />)} />
        <Route path="payments" element={gated('payments', <PaymentsPage />)} />
        <Route path="email-subscribers" element={gated('email-subscribers', <SubscribersPage />)} />
        <Route path="settings" element={gated('settings', <SettingsPage />)} />
        <Route path="deposits" element={gated('deposits', <DepositsPage />)} />
        <Route path="notifications" element={gated('notifications', <NotificationsPage />)} />
        <Route path="chat" element={gated('chat', <ChatPage />)} />
        <Route path="chat-api" element={gated('chat-api', <ChatApiPage />)} />
        <Route path="reports" element={gated('reports', <ReportsPage />)} />
        <Route path="users" element={gated('users', <UsersPage />)} />
        <Route path="audit" element={gated('audit', <AuditPage />)} />
        <Route path="privacy" element={gated('privacy', <PrivacyPage />)} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/** The staff console, mounted by App for /admin/* and /maintenance/* (its own lazy chunk). */
export default function MaintenanceApp() {
  const { pathname } = useLocation();
  return pathname === '/admin' || pathname.startsWith('/admin/') ? <AdminRoutes /> : <MaintenanceRoutes />;
}
