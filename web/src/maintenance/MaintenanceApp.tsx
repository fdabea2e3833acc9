import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { appointmentRoutes } from '@bb/contracts';
import { AppointmentsPage } from './appointments/AppointmentsPage';
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
import { HomePage } from './HomePage';
import { AdminLayout } from './layout/AdminLayout';
import { MaintenanceLayout } from './layout/MaintenanceLayout';
import { NotFoundPage } from './NotFoundPage';
import { NotificationsPage } from './notifications/NotificationsPage';
import { PrivacyPage } from './privacy/PrivacyPage';
import { ReportsPage } from './reports/ReportsPage';
import { ResourcesPage } from './resources/ResourcesPage';
import { SettingsPage } from './settings/SettingsPage';
import { SubscribersPage } from './subscribers/SubscribersPage';

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
        <Route path="appointments" element={<AppointmentsPage deleteRoute={appointmentRoutes.removeOlder} />} />
        <Route path="email-subscribers" element={<SubscribersPage />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

/** /maintenance/*: every screen of the console (paths relative to /maintenance). */
function MaintenanceRoutes() {
  return (
    <Routes>
      <Route
        element={
          <RequireAuth>
            <MaintenanceLayout />
          </RequireAuth>
        }
      >
        <Route index element={<HomePage />} />
        <Route path="packages" element={<PackagesPage />} />
        <Route path="portfolio" element={<PortfolioPage />} />
        {/* The spec keeps these older detail addresses: they open the treatment and result screens. */}
        <Route path="packages/:id" element={<TreatmentDetailPage />} />
        <Route path="portfolio/:id" element={<ResultDetailPage />} />
        <Route path="news" element={<NewsPage />} />
        <Route path="news/:id" element={<NewsDetailPage />} />
        <Route path="treatments" element={<TreatmentsPage />} />
        <Route path="treatments/:id" element={<TreatmentDetailPage />} />
        <Route path="results" element={<ResultsPage />} />
        <Route path="results/:id" element={<ResultDetailPage />} />
        <Route path="staff" element={<StaffPage />} />
        <Route path="resources" element={<ResourcesPage />} />
        <Route path="appointments" element={<AppointmentsPage deleteRoute={appointmentRoutes.remove} />} />
        <Route path="email-subscribers" element={<SubscribersPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="notifications" element={<NotificationsPage />} />
        <Route path="chat" element={<ChatPage />} />
        <Route path="chat-api" element={<ChatApiPage />} />
        <Route path="reports" element={<ReportsPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
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
