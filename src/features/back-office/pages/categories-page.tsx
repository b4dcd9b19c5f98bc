import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHead } from '@/components/page-head';
import { useMessages } from '@/i18n/react';
import { backOfficeCatalogueText } from '@/messages/back-office-catalogue';
import { adminCategoriesQuery, adminSubCategoriesQuery, adminSubSubCategoriesQuery } from '../api';
import { CatalogueLevelEditor } from '../components/catalogue-level-editor';
import {
  CATEGORY_LEVEL,
  categoryItem,
  SUB_CATEGORY_LEVEL,
  SUB_SUB_CATEGORY_LEVEL,
  subCategoryItem,
  subSubCategoryItem,
  type LevelItem,
} from '../lib/catalogue-levels';

/** The catalogue's tree: categories, the sub-categories of the one chosen, the sub-sub-categories of the sub-category chosen. */
export function CategoriesPage() {
  const text = useMessages(backOfficeCatalogueText);
  const [category, setCategory] = useState<LevelItem>();
  const [subCategory, setSubCategory] = useState<LevelItem>();
  const categories = useQuery({ ...adminCategoriesQuery(), select: (list) => list.map(categoryItem) });
  const subCategories = useQuery({
    ...adminSubCategoriesQuery(category?.id ?? ''),
    enabled: category !== undefined,
    select: (list) => list.map(subCategoryItem),
  });
  const subSubCategories = useQuery({
    ...adminSubSubCategoriesQuery(subCategory?.id ?? ''),
    enabled: subCategory !== undefined,
    select: (list) => list.map(subSubCategoryItem),
  });
  // A deleted category takes its chosen sub-category with it.
  const shownCategory = category && categories.data?.some((item) => item.id === category.id) ? category : undefined;
  const shownSubCategory = shownCategory && subCategory && subCategories.data?.some((item) => item.id === subCategory.id) ? subCategory : undefined;

  return (
    <div className="flex flex-col gap-6">
      <PageHead title={text.categoriesTitle} />
      <h1 className="text-2xl font-bold text-gray-900">{text.categoriesTitle}</h1>
      <CatalogueLevelEditor
        level={CATEGORY_LEVEL}
        list={categories}
        drillDown={{
          label: text.subCategories,
          selectedId: shownCategory?.id,
          onSelect: (item) => {
            setCategory(item);
            setSubCategory(undefined);
          },
        }}
      />
      {shownCategory && (
        <CatalogueLevelEditor
          key={shownCategory.id}
          level={SUB_CATEGORY_LEVEL}
          list={subCategories}
          parent={{ categoryId: shownCategory.id }}
          within={shownCategory.name}
          drillDown={{ label: text.subSubCategories, selectedId: shownSubCategory?.id, onSelect: setSubCategory }}
        />
      )}
      {shownSubCategory && (
        <CatalogueLevelEditor
          key={shownSubCategory.id}
          level={SUB_SUB_CATEGORY_LEVEL}
          list={subSubCategories}
          parent={{ subCategoryId: shownSubCategory.id }}
          within={shownSubCategory.name}
        />
      )}
    </div>
  );
}
