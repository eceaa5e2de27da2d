import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MenuInput } from '@sl/contracts';
import { http } from '../../../shared/request';

export const createMenu = (input: MenuInput) => http.post('/api/v1/menu', input);
export const updateMenu = (input: MenuInput & { menuId: number }) => http.put('/api/v1/menu', input);
export const deleteMenu = (id: number) => http.delete(`/api/v1/menu/${id}`);

function useMenuMutation<A>(fn: (arg: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // ['session', 'menu'] is the signed-in user's own tree: the shell refetches it so the sidebar shows the change.
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['menus'] }), client.invalidateQueries({ queryKey: ['session', 'menu'] })]),
  });
}

export const useSaveMenu = () => useMenuMutation((input: MenuInput & { menuId?: number }) =>
  input.menuId ? updateMenu(input as MenuInput & { menuId: number }) : createMenu(input));
export const useDeleteMenu = () => useMenuMutation(deleteMenu);
