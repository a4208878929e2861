/** Icons of the top-level menu entries (route-table `icon` names). */
import {
  IconBuildingBank, IconCash, IconChartPie, IconFileInvoice, IconFolders, IconHome, IconNotebook, IconReportAnalytics, IconSearch, IconSettings, IconTool, IconUsers, IconUserSquare, IconPoint,
  type Icon,
} from '@tabler/icons-react';

const icons: Record<string, Icon> = {
  home: IconHome,
  search: IconSearch,
  voucher: IconNotebook,
  budget: IconChartPie,
  cashier: IconCash,
  customer: IconUserSquare,
  project: IconFolders,
  invoice: IconFileInvoice,
  basic: IconTool,
  system: IconSettings,
  userCenter: IconUsers,
  report: IconReportAnalytics,
  bank: IconBuildingBank,
};

export function menuIcon(name: string | undefined): Icon {
  return (name && icons[name]) || IconPoint;
}
