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
import type texts from '@/messages/back-office-catalogue/en';
import { backOfficeKeys } from '../api';

/** A text of the `back-office-catalogue` namespace that is plain text. */
type TextKey = { [Key in keyof typeof texts]: (typeof texts)[Key] extends string ? Key : never }[keyof typeof texts];

/** A category, sub-category or sub-sub-category as the screens handle it. */
export type LevelItem = { id: string; name: string; nameBn: string | null; image: string | null };

/** One level of the catalogue's tree: its words, its API and the wire names of its fields. */
export type CatalogueLevel = {
  /** Where its words are: 'category' in headings and buttons ('New category', 'Delete the category Fruits?'). */
  noun: TextKey;
  /** 'Categories': the list's heading. */
  plural: TextKey;
  /** The form's labels: 'Category name', 'Category image'. */
  nameLabel: TextKey;
  imageLabel: TextKey;
  path: string;
  nameField: string;
  /** Its Bangla name's field: optional, and sent empty to clear it. */
  nameBnField: string;
  imageField: string;
  /** The server refuses a new category without an image; the other levels may have none. */
  imageRequired: boolean;
  /** The name's and the Bangla name's rules, the server's own (contract/catalogue.ts). */
  nameSchema: z.ZodType<string, string>;
  nameBnSchema: z.ZodType<string | undefined>;
  /** What else a delete removes. */
  deleteWarning: TextKey;
  /** The lists a change of this level affects (the shop shows them too). */
  refresh: QueryKey[];
};

export const CATEGORY_LEVEL: CatalogueLevel = {
  noun: 'categoryNoun',
  plural: 'categories',
  nameLabel: 'categoryName',
  imageLabel: 'categoryImage',
  path: '/categories',
  nameField: 'categoryName',
  nameBnField: 'categoryNameBn',
  imageField: 'categoryImage',
  imageRequired: true,
  nameSchema: categoryCreateSchema.shape.categoryName,
  nameBnSchema: categoryCreateSchema.shape.categoryNameBn,
  deleteWarning: 'categoryDeleteWarning',
  refresh: [backOfficeKeys.categories, ['categories', 'names'], backOfficeKeys.allSubCategories, backOfficeKeys.allSubSubCategories, backOfficeKeys.banners],
};

export const SUB_CATEGORY_LEVEL: CatalogueLevel = {
  noun: 'subCategoryNoun',
  plural: 'subCategories',
  nameLabel: 'subCategoryName',
  imageLabel: 'subCategoryImage',
  path: '/subcategories',
  nameField: 'subCategoryName',
  nameBnField: 'subCategoryNameBn',
  imageField: 'subCategoryImage',
  imageRequired: false,
  nameSchema: subCategoryCreateSchema.shape.subCategoryName,
  nameBnSchema: subCategoryCreateSchema.shape.subCategoryNameBn,
  deleteWarning: 'subCategoryDeleteWarning',
  refresh: [backOfficeKeys.allSubCategories, backOfficeKeys.allSubSubCategories],
};

export const SUB_SUB_CATEGORY_LEVEL: CatalogueLevel = {
  noun: 'subSubCategoryNoun',
  plural: 'subSubCategories',
  nameLabel: 'subSubCategoryName',
  imageLabel: 'subSubCategoryImage',
  path: '/subsubcategories',
  nameField: 'subSubCategoryName',
  nameBnField: 'subSubCategoryNameBn',
  imageField: 'subSubCategoryImage',
  imageRequired: false,
  nameSchema: subSubCategoryCreateSchema.shape.subSubCategoryName,
  nameBnSchema: subSubCategoryCreateSchema.shape.subSubCategoryNameBn,
  deleteWarning: 'subSubCategoryDeleteWarning',
  refresh: [backOfficeKeys.allSubSubCategories],
};

export const categoryItem = (category: Category): LevelItem => ({
  id: category._id,
  name: category.categoryName,
  nameBn: category.categoryNameBn,
  image: category.categoryImage,
});
export const subCategoryItem = (sub: SubCategory): LevelItem => ({
  id: sub._id,
  name: sub.subCategoryName,
  nameBn: sub.subCategoryNameBn,
  image: sub.subCategoryImage,
});
export const subSubCategoryItem = (sub: SubSubCategory): LevelItem => ({
  id: sub._id,
  name: sub.subSubCategoryName,
  nameBn: sub.subSubCategoryNameBn,
  image: sub.subSubCategoryImage,
});
