import type { QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  categoryCreateSchema,
  subCategoryCreateSchema,
  subSubCategoryCreateSchema,
  type Category,
  type SubCategory,
  type SubSubCategory,
} from '@contract/catalogue';
import { backOfficeKeys } from '../api';

/** A category, sub-category or sub-sub-category as the screens handle it. */
export type LevelItem = { id: string; name: string; image: string | null };

/** One level of the catalogue's tree: its words, its API and the wire names of its fields. */
export type CatalogueLevel = {
  /** 'category': in headings and buttons ('New category', 'Delete the category Fruits?'). */
  noun: string;
  /** 'Categories': the list's heading. */
  plural: string;
  path: string;
  nameField: string;
  imageField: string;
  /** The server refuses a new category without an image; the other levels may have none. */
  imageRequired: boolean;
  /** The name's rule, the server's own (contract/catalogue.ts). */
  nameSchema: z.ZodType<string, string>;
  /** What else a delete removes. */
  deleteWarning: string;
  /** The lists a change of this level affects (the shop shows them too). */
  refresh: QueryKey[];
};

export const CATEGORY_LEVEL: CatalogueLevel = {
  noun: 'category',
  plural: 'Categories',
  path: '/categories',
  nameField: 'categoryName',
  imageField: 'categoryImage',
  imageRequired: true,
  nameSchema: categoryCreateSchema.shape.categoryName,
  deleteWarning: 'Its sub-categories and sub-sub-categories go with it. A category that still has products cannot be deleted.',
  refresh: [backOfficeKeys.categories, ['categories', 'names'], backOfficeKeys.allSubCategories, backOfficeKeys.allSubSubCategories, backOfficeKeys.banners],
};

export const SUB_CATEGORY_LEVEL: CatalogueLevel = {
  noun: 'sub-category',
  plural: 'Sub-categories',
  path: '/subcategories',
  nameField: 'subCategoryName',
  imageField: 'subCategoryImage',
  imageRequired: false,
  nameSchema: subCategoryCreateSchema.shape.subCategoryName,
  deleteWarning: 'Its sub-sub-categories go with it. A sub-category that still has products cannot be deleted.',
  refresh: [backOfficeKeys.allSubCategories, backOfficeKeys.allSubSubCategories],
};

export const SUB_SUB_CATEGORY_LEVEL: CatalogueLevel = {
  noun: 'sub-sub-category',
  plural: 'Sub-sub-categories',
  path: '/subsubcategories',
  nameField: 'subSubCategoryName',
  imageField: 'subSubCategoryImage',
  imageRequired: false,
  nameSchema: subSubCategoryCreateSchema.shape.subSubCategoryName,
  deleteWarning: 'A sub-sub-category that still has products cannot be deleted.',
  refresh: [backOfficeKeys.allSubSubCategories],
};

export const categoryItem = (category: Category): LevelItem => ({ id: category._id, name: category.categoryName, image: category.categoryImage });
export const subCategoryItem = (sub: SubCategory): LevelItem => ({ id: sub._id, name: sub.subCategoryName, image: sub.subCategoryImage });
export const subSubCategoryItem = (sub: SubSubCategory): LevelItem => ({ id: sub._id, name: sub.subSubCategoryName, image: sub.subSubCategoryImage });
