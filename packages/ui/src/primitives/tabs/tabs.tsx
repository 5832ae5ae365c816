import type { ComponentPropsWithRef } from 'react';
import * as RadixTabs from '@radix-ui/react-tabs';
import { cn } from '../../lib/cn';

export type TabsProps = ComponentPropsWithRef<typeof RadixTabs.Root>;

/**
 * Tabs (Radix Tabs): arrow keys move between tabs, Home/End jump, the active tab's panel
 * follows. Compose `Tabs` > `TabsList` (give it an `aria-label`) > `TabsTrigger`, and one
 * `TabsContent` per tab.
 */
export function Tabs({ className, ...props }: TabsProps) {
  return <RadixTabs.Root className={cn('flex flex-col', className)} {...props} />;
}

export type TabsListProps = ComponentPropsWithRef<typeof RadixTabs.List>;

export function TabsList({ className, ...props }: TabsListProps) {
  return (
    <RadixTabs.List
      className={cn('flex flex-wrap gap-1 border-b border-border', className)}
      {...props}
    />
  );
}

export type TabsTriggerProps = ComponentPropsWithRef<typeof RadixTabs.Trigger>;

export function TabsTrigger({ className, ...props }: TabsTriggerProps) {
  return (
    <RadixTabs.Trigger
      className={cn(
        '-mb-px inline-flex h-control shrink-0 cursor-pointer items-center border-b-2 border-transparent px-3',
        'font-medium whitespace-nowrap text-fg-muted transition-colors',
        'hover:not-disabled:text-fg data-[state=active]:border-primary data-[state=active]:text-primary',
        'disabled:cursor-not-allowed',
        className,
      )}
      {...props}
    />
  );
}

export type TabsContentProps = ComponentPropsWithRef<typeof RadixTabs.Content>;

export function TabsContent({ className, ...props }: TabsContentProps) {
  return <RadixTabs.Content className={cn('rounded-control pt-4', className)} {...props} />;
}
