import type { SvgIconComponent } from '@mui/icons-material';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import ShoppingBagIcon from '@mui/icons-material/ShoppingBag';
import RestaurantIcon from '@mui/icons-material/Restaurant';
import HomeIcon from '@mui/icons-material/Home';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import SportsEsportsIcon from '@mui/icons-material/SportsEsports';
import LuggageIcon from '@mui/icons-material/Luggage';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import type { CategoryIcon } from '../../../shared/categories';

/** The ten icon values of spec §3 drawn with Material icons. */
export const CATEGORY_ICON_COMPONENTS: Record<CategoryIcon, SvgIconComponent> = {
  tag: LocalOfferIcon,
  'shopping-bag': ShoppingBagIcon,
  utensils: RestaurantIcon,
  home: HomeIcon,
  car: DirectionsCarIcon,
  medical: LocalHospitalIcon,
  book: MenuBookIcon,
  gamepad: SportsEsportsIcon,
  suitcase: LuggageIcon,
  gift: CardGiftcardIcon,
};

/** A category's icon; an unknown value (from an older client) falls back to the tag. */
export function CategoryIconView({ icon, fontSize = 'medium' }: { icon: string; fontSize?: 'small' | 'medium' | 'large' }) {
  const Icon = CATEGORY_ICON_COMPONENTS[icon as CategoryIcon] ?? LocalOfferIcon;
  return <Icon fontSize={fontSize} aria-hidden />;
}
